import type { KeyboardEvent, MouseEvent } from 'react';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface Focus {
  x: number;
  y: number;
}

const STEP = 0.05;
const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 1000) / 1000));

/** A key's move of the focal point, or null for another key. */
export function moveFocus(focus: Focus, key: string): Focus | null {
  switch (key) {
    case 'ArrowLeft':
      return { ...focus, x: clamp(focus.x - STEP) };
    case 'ArrowRight':
      return { ...focus, x: clamp(focus.x + STEP) };
    case 'ArrowUp':
      return { ...focus, y: clamp(focus.y - STEP) };
    case 'ArrowDown':
      return { ...focus, y: clamp(focus.y + STEP) };
    case 'Home':
      return { x: 0.5, y: 0.5 };
    default:
      return null;
  }
}

/**
 * The image with its focal point (what crops keep in view): a click on the image puts it there;
 * from the keyboard, the arrows move it and Home centres it.
 */
export function FocalPointPicker({
  src,
  alt,
  aspectRatio,
  focus,
  onChange,
}: {
  src: string;
  alt: string;
  /** Width over height, so the area has its shape before the image arrives. */
  aspectRatio: number;
  focus: Focus;
  onChange: (focus: Focus) => void;
}) {
  const translate = useTranslate();
  const place = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    onChange({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = moveFocus(focus, event.key);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };
  const percent = (v: number) => `${Math.round(v * 100)}%`;
  return (
    <Box
      role="application"
      tabIndex={0}
      aria-label={translate('mediaLibrary.picker.focalPoint', { x: percent(focus.x), y: percent(focus.y) })}
      aria-describedby="focal-point-help"
      data-testid="focal-point"
      onClick={place}
      onKeyDown={onKeyDown}
      sx={{ position: 'relative', display: 'block', cursor: 'crosshair', lineHeight: 0, width: '100%', maxWidth: Math.round(320 * aspectRatio), aspectRatio: String(aspectRatio), '&:focus-visible': { outline: 3, outlineStyle: 'solid', outlineColor: 'primary.main' } }}
    >
      <Box component="img" src={src} alt={alt} sx={{ width: '100%', height: '100%', objectFit: 'fill', display: 'block', bgcolor: 'grey.100' }} />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          left: percent(focus.x),
          top: percent(focus.y),
          width: 28,
          height: 28,
          transform: 'translate(-50%, -50%)',
          borderRadius: '50%',
          border: '3px solid #fff',
          boxShadow: '0 0 0 2px #000',
          pointerEvents: 'none',
        }}
      />
    </Box>
  );
}
