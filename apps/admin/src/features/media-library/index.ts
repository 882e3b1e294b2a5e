/**
 * The media library: its screen (folders, files, uploads, previews, where used) and the image
 * picker that every image field of the generic forms opens (provided to the framework by the app
 * shell, see framework/generic/image-picker-slot.ts).
 */
export { default as MediaLibraryPage } from './media-library-page';
export { default as ImagePickerDialog } from './image-picker-dialog';
export { default as LibraryFileDialog } from './library-file-dialog';
