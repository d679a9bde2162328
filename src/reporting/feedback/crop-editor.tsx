import { useId, useRef, useState, type PointerEvent } from 'react';
import type { Capture, Crop } from '../../machines/feedback.machine';
import { feedbackTexts as texts } from './feedback-texts';

interface Props {
  capture: Capture;
  crop: Crop;
  busy: boolean;
  onChange: (crop: Partial<Crop>) => void;
  onConfirm: () => void;
  onRemove: () => void;
}

const fields: { key: keyof Crop; label: string }[] = [
  { key: 'x', label: texts.cropLeft },
  { key: 'y', label: texts.cropTop },
  { key: 'width', label: texts.cropWidth },
  { key: 'height', label: texts.cropHeight },
];

/**
 * SPEC §9: the screenshot can be cropped. A frame is drawn with the pointer, or typed as four
 * percentages: dragging is never the only way (WCAG 2.2, 2.5.7 Dragging Movements).
 */
export function CropEditor({ capture, crop, busy, onChange, onConfirm, onRemove }: Props) {
  const id = useId();
  const area = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  // What is being typed, so that clearing a field to type a new number does not snap it back;
  // the machine keeps the crop inside the picture, and the field shows that once left.
  const [drafts, setDrafts] = useState<Partial<Record<keyof Crop, string>>>({});

  const percentAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = area.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    return {
      x: Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100)),
      y: Math.min(100, Math.max(0, ((event.clientY - box.top) / box.height) * 100)),
    };
  };
  const frameTo = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    const to = percentAt(event);
    if (!from || !to) return;
    onChange({
      x: Math.min(from.x, to.x),
      y: Math.min(from.y, to.y),
      width: Math.max(1, Math.abs(to.x - from.x)),
      height: Math.max(1, Math.abs(to.y - from.y)),
    });
  };

  return (
    <fieldset className="fb-crop" disabled={busy}>
      <legend>{texts.cropping}</legend>
      <p className="fb-hint" id={`${id}-hint`}>
        {texts.cropHint}
      </p>
      <div
        ref={area}
        className="fb-crop-area"
        onPointerDown={(event) => {
          start.current = percentAt(event);
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }}
        onPointerMove={(event) => {
          if (start.current) frameTo(event);
        }}
        onPointerUp={(event) => {
          frameTo(event);
          start.current = null;
        }}
      >
        <img src={capture.url} alt={texts.cropImage} draggable={false} />
        <div
          className="fb-crop-frame"
          aria-hidden="true"
          style={{ left: `${crop.x}%`, top: `${crop.y}%`, width: `${crop.width}%`, height: `${crop.height}%` }}
        />
      </div>
      <div className="fb-crop-fields">
        {fields.map(({ key, label }) => (
          <label key={key} className="fb-crop-field">
            <span>{label}</span>
            <input
              type="number"
              inputMode="numeric"
              min={key === 'width' || key === 'height' ? 1 : 0}
              max={100}
              step={1}
              value={drafts[key] ?? String(crop[key])}
              aria-describedby={`${id}-hint`}
              onChange={(event) => {
                const text = event.target.value;
                setDrafts((current) => ({ ...current, [key]: text }));
                if (text.trim() !== '' && Number.isFinite(Number(text))) onChange({ [key]: Number(text) });
              }}
              onBlur={() => setDrafts((current) => ({ ...current, [key]: undefined }))}
            />
          </label>
        ))}
      </div>
      <div className="fb-actions">
        <button type="button" className="button-secondary" onClick={onRemove}>
          {texts.removeScreenshot}
        </button>
        <button type="button" className="button-primary" onClick={onConfirm} aria-busy={busy}>
          {texts.confirm}
        </button>
      </div>
    </fieldset>
  );
}
