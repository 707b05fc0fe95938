// One kind of photo of a recommended stay (the cover, the tile, or the other photos): a button that opens the
// device's picker (React Aria's FileTrigger: a real file input, reached and opened with the keyboard), previews of
// what was chosen from `URL.createObjectURL` (revoked when they go), and the photos the stay has now.
import type { ImageAsset } from '@travelclub/contracts';
import { useEffect, useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Button } from '~/ui/button';
import { admitFiles, IMAGE_TYPES } from './rules';

export interface PhotoPickerProps {
  /** The fieldset's legend: "Cover photo". */
  legend: string;
  hint: string;
  /** The button's words: "Choose a cover photo". */
  action: string;
  files: File[];
  onChange: (files: File[]) => void;
  /** How many files it takes: 1 replaces the choice, more add to it. */
  max: number;
  /** The photos the stay has now (when editing), shown until new ones are chosen. */
  current?: ImageAsset[];
  /** What the current ones are called in "Your current …". */
  currentName?: string;
  error?: string | null;
}

/** Preview addresses of the files, made for as long as they are shown and then given back to the browser. */
function usePreviewUrls(files: readonly File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((file) => URL.createObjectURL(file));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  return urls;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function Previews({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const urls = usePreviewUrls(files);
  return (
    <ul className="stay-previews">
      {files.map((file, index) => (
        <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`} className="stay-preview">
          {urls[index] ? (
            <img src={urls[index]} alt={`Preview of ${file.name}`} />
          ) : (
            <span className="stay-preview-empty" />
          )}
          <span className="stay-preview-name">
            {file.name} <span className="muted">({sizeText(file.size)})</span>
          </span>
          <Button variant="quiet" aria-label={`Remove ${file.name}`} onPress={() => onRemove(index)}>
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}

function CurrentPhotos({ photos, name, replaced }: { photos: ImageAsset[]; name: string; replaced: boolean }) {
  if (photos.length === 0) return null;
  return (
    <div className="stay-current" data-replaced={replaced || undefined}>
      <p className="muted">{replaced ? `Saving replaces your current ${name}.` : `Your current ${name}:`}</p>
      <ul className="stay-previews">
        {photos.map((photo, index) => (
          <li key={photo.publicId} className="stay-preview">
            <img src={photo.links['200px']} alt={`Your current ${name}${photos.length > 1 ? ` ${index + 1}` : ''}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PhotoPicker(props: PhotoPickerProps) {
  const { files, onChange, max } = props;
  const [refusals, setRefusals] = useState<string[]>([]);
  const id = useId();

  function choose(list: FileList | null) {
    const chosen = list ? Array.from(list) : [];
    if (chosen.length === 0) return;
    // One photo: the new choice replaces the old one. Several: they are added, up to the limit.
    const kept = max === 1 ? [] : files;
    const { admitted, refusals: refused } = admitFiles(kept, chosen.slice(0, max === 1 ? 1 : undefined), max);
    setRefusals(refused);
    if (admitted.length > 0) onChange([...kept, ...admitted]);
  }

  const errors = [...refusals, ...(props.error ? [props.error] : [])];
  return (
    <fieldset
      className="stay-photos"
      data-invalid={errors.length > 0 || undefined}
      aria-describedby={`${id}-hint${errors.length ? ` ${id}-errors` : ''}`}
    >
      <legend>{props.legend}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {props.hint}
      </p>
      {props.current ? (
        <CurrentPhotos photos={props.current} name={props.currentName ?? 'photo'} replaced={files.length > 0} />
      ) : null}
      {files.length > 0 ? (
        <Previews
          files={files}
          onRemove={(index) => {
            setRefusals([]);
            onChange(files.filter((_, i) => i !== index));
          }}
        />
      ) : null}
      <div className="stay-photo-trigger">
        <FileTrigger acceptedFileTypes={[...IMAGE_TYPES]} allowsMultiple={max > 1} onSelect={choose}>
          <Button variant="secondary" isDisabled={max > 1 && files.length >= max}>
            {props.action}
          </Button>
        </FileTrigger>
        {max > 1 ? <span className="muted">{`${files.length} of ${max} photos`}</span> : null}
      </div>
      {errors.length > 0 ? (
        <ul id={`${id}-errors`} className="stay-photo-errors field-error" role="alert">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
