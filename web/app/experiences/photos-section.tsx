// The package's photos: one cover (a new one replaces it) and a gallery of up to 20. Photos belong to a saved
// package, so a new one asks to be saved first. Each file shows at once from the browser's copy with a
// progress bar while it goes up; the server reads and resizes it whatever its name says.
import type { ImageAsset, TravelPackage } from '@travelclub/contracts';
import { FileTrigger, ProgressBar } from 'react-aria-components';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { ACCEPTED_IMAGES, limits } from './rules';
import { usePhotoRemoval, usePhotoUploads, type PhotoField, type Upload } from './use-uploads';

function UploadTile({ upload, onDismiss }: { upload: Upload; onDismiss: () => void }) {
  const percent = Math.round(upload.progress * 100);
  return (
    <li className="xp-photo" data-state={upload.error ? 'refused' : 'sending'}>
      <img src={upload.preview} alt={`Preview of ${upload.name}`} />
      {upload.error ? (
        <div className="xp-photo-error">
          <p className="field-error" role="alert">
            {upload.name}: {upload.error}
          </p>
          <Button variant="quiet" onPress={onDismiss} aria-label={`Dismiss ${upload.name}`}>
            Dismiss
          </Button>
        </div>
      ) : (
        <ProgressBar className="xp-progress" value={percent} aria-label={`Uploading ${upload.name}`}>
          {({ percentage }) => (
            <>
              <span className="xp-progress-track">
                <span className="xp-progress-fill" style={{ width: `${percentage ?? 0}%` }} />
              </span>
              <span className="xp-progress-text">{percent}%</span>
            </>
          )}
        </ProgressBar>
      )}
    </li>
  );
}

function StoredTile(props: { asset: ImageAsset; alt: string; removing: boolean; onRemove: () => void }) {
  return (
    <li className="xp-photo">
      <img src={props.asset.links['600px']} alt={props.alt} loading="lazy" />
      <Button
        variant="secondary"
        onPress={props.onRemove}
        isPending={props.removing}
        aria-label={`Remove ${props.alt.toLowerCase()}`}
      >
        Remove
      </Button>
    </li>
  );
}

function Picker(props: {
  field: PhotoField;
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  onPick: (files: File[], field: PhotoField) => void;
}) {
  return (
    <FileTrigger
      acceptedFileTypes={ACCEPTED_IMAGES}
      allowsMultiple={props.multiple}
      onSelect={(list) => {
        if (list) props.onPick(Array.from(list), props.field);
      }}
    >
      <Button variant="secondary" isDisabled={props.disabled}>
        {props.label}
      </Button>
    </FileTrigger>
  );
}

function Photos({ pkg }: { pkg: TravelPackage }) {
  const { uploads, start, dismiss } = usePhotoUploads(pkg);
  const { remove, removing, error } = usePhotoRemoval(pkg);
  const coverUploads = uploads.filter((u) => u.field === 'cover');
  const galleryUploads = uploads.filter((u) => u.field === 'image');
  const full = pkg.gallery.length >= limits.gallery;
  return (
    <div className="stack">
      {error ? <Callout tone="error">{error}</Callout> : null}
      <div className="stack" role="group" aria-labelledby="xp-cover-label">
        <h3 id="xp-cover-label">Cover photo</h3>
        <ul className="xp-photos xp-cover" aria-label="Cover photo">
          {pkg.cover ? (
            <StoredTile
              asset={pkg.cover}
              alt="Cover photo"
              removing={removing === pkg.cover.publicId}
              onRemove={() => void remove(pkg.cover!)}
            />
          ) : null}
          {coverUploads.map((u) => (
            <UploadTile key={u.key} upload={u} onDismiss={() => dismiss(u.key)} />
          ))}
        </ul>
        <Picker field="cover" label={pkg.cover ? 'Replace the cover' : 'Choose a cover photo'} onPick={start} />
      </div>
      <div className="stack" role="group" aria-labelledby="xp-gallery-label">
        <h3 id="xp-gallery-label">Gallery</h3>
        <p className="muted">
          {pkg.gallery.length} of {limits.gallery} photos. JPEG, PNG, WebP or AVIF, up to 10 MB each.
        </p>
        <ul className="xp-photos" aria-label="Gallery">
          {pkg.gallery.map((asset, i) => (
            <StoredTile
              key={asset.publicId}
              asset={asset}
              alt={`Photo ${i + 1}`}
              removing={removing === asset.publicId}
              onRemove={() => void remove(asset)}
            />
          ))}
          {galleryUploads.map((u) => (
            <UploadTile key={u.key} upload={u} onDismiss={() => dismiss(u.key)} />
          ))}
        </ul>
        <Picker field="image" label="Add photos" multiple disabled={full} onPick={start} />
      </div>
    </div>
  );
}

export const SAVE_FIRST = 'Save your draft first; then you can add a cover photo and a gallery.';

export function PhotosSection({ pkg }: { pkg: TravelPackage | undefined }) {
  return (
    <section className="xp-section" aria-labelledby="xp-photos-heading">
      <h2 id="xp-photos-heading">Photos</h2>
      {pkg ? <Photos pkg={pkg} /> : <p className="muted">{SAVE_FIRST}</p>}
    </section>
  );
}
