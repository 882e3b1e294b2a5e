import type { ComponentType } from 'react';

/**
 * Where the image fields of generic forms get their picker. The picker (upload or choose from the
 * media library, focal point, alt texts, credit) is a feature, and the framework imports no
 * feature: the app shell provides it here at start (app/registry.ts). Without one (a test that
 * renders a form alone), an image field chooses among the `images` records by name.
 */
export interface PickedImage {
  /** The `images` record made for the choice. */
  id: string;
  path?: string | null;
  name?: string | null;
}

export interface ImagePickerDialogProps {
  open: boolean;
  /** What the image is for (the field's label), shown in the dialog's title. */
  label: string;
  onClose: () => void;
  onPicked: (image: PickedImage) => void;
}

let picker: ComponentType<ImagePickerDialogProps> | undefined;

export function provideImagePicker(component: ComponentType<ImagePickerDialogProps> | undefined): void {
  picker = component;
}

export function imagePicker(): ComponentType<ImagePickerDialogProps> | undefined {
  return picker;
}

/** A file of the media library as a `file_id` field needs it. */
export interface PickedFile {
  id: string;
  name: string;
  image_path?: string | null;
}

export interface LibraryFileDialogProps {
  open: boolean;
  label: string;
  /** Only files of this kind can be chosen (an image's picture, a video's file). */
  kind: 'image' | 'video' | 'document';
  onClose: () => void;
  onPicked: (file: PickedFile) => void;
}

let filePicker: ComponentType<LibraryFileDialogProps> | undefined;

/** The chooser of `file_id` fields (images, videos), provided the same way as the image picker. */
export function provideLibraryFilePicker(component: ComponentType<LibraryFileDialogProps> | undefined): void {
  filePicker = component;
}

export function libraryFilePicker(): ComponentType<LibraryFileDialogProps> | undefined {
  return filePicker;
}
