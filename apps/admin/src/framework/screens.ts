import type { ComponentType } from 'react';
import { lazyScreen } from './lazy-screen';

/**
 * The screens of a resource. A resource folder (`src/resources/<section>/<resource>/index.ts`)
 * exports those it replaces; the generic ones, built from the declaration, stand in for the rest.
 */
export interface ResourceScreens {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
}

export const GENERIC_SCREENS: Required<ResourceScreens> = {
  list: lazyScreen(() => import('./generic/resource-list')),
  create: lazyScreen(() => import('./generic/resource-create')),
  edit: lazyScreen(() => import('./generic/resource-edit')),
  show: lazyScreen(() => import('./generic/resource-show')),
};
