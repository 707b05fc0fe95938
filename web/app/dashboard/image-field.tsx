// One of the club's two pictures (hero image, profile picture): the current one, a preview of the file just
// picked (from the browser's memory, before any byte is sent), and its upload with progress. A picked file is
// checked against the upload pipeline's limits first; the server checks the bytes again whatever it is told.
import { useQueryClient } from '@tanstack/react-query';
import type { ImageAsset, Profile } from '@travelclub/contracts';
import { useEffect, useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { messageOf } from '~/lib/api-errors';
import { loadApi } from '~/lib/session';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { IMAGE_TYPES, validateImage } from './club-rules';
import { endpointKey, profileQuery } from '~/lib/queries';

export type ImageKind = 'heroImage' | 'profilePicture';

export const IMAGE_SAVED = 'Saved. Your club shows it now.';
export const uploadingText = (share: number) => `Uploading… ${Math.round(share * 100)}%`;

async function uploadImage(
  kind: ImageKind,
  profileId: string,
  file: File,
  options: { onProgress: (share: number) => void; signal: AbortSignal },
): Promise<Profile> {
  const api = await loadApi();
  const form = new FormData();
  form.append('image', file, file.name);
  const e = kind === 'heroImage' ? api.endpoints.creator.uploadHeroImage : api.endpoints.creator.uploadProfilePicture;
  return api.upload(e, { params: { id: profileId } }, form, options);
}

/** A preview address for a picked file, let go when another is picked or the field goes away. */
function usePreview() {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return [preview, (file: File | null) => setPreview(file ? URL.createObjectURL(file) : null)] as const;
}

type Upload =
  { state: 'idle' } | { state: 'sending'; share: number } | { state: 'saved' } | { state: 'failed'; text: string };

export interface ImageFieldProps {
  kind: ImageKind;
  id: string;
  title: string;
  hint: string;
  alt: string;
  profileId: string;
  current: ImageAsset | undefined;
}

export function ImageField(props: ImageFieldProps) {
  const queryClient = useQueryClient();
  const [preview, showPreview] = usePreview();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  async function pick(file: File | undefined) {
    if (!file) return;
    const refusal = validateImage(file);
    if (refusal) return setUpload({ state: 'failed', text: refusal });
    running.current?.abort();
    const controller = (running.current = new AbortController());
    showPreview(file);
    setUpload({ state: 'sending', share: 0 });
    try {
      const onProgress = (share: number) => setUpload({ state: 'sending', share });
      const saved = await uploadImage(props.kind, props.profileId, file, { onProgress, signal: controller.signal });
      queryClient.setQueryData(profileQuery().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: endpointKey('creator', 'clubView') });
      setUpload({ state: 'saved' });
    } catch (err) {
      if (controller.signal.aborted) return;
      showPreview(null);
      setUpload({ state: 'failed', text: messageOf(err) });
    }
  }

  const src = preview ?? props.current?.links['600px'];
  return (
    <section id={props.id} className="dash-image-field" data-kind={props.kind} aria-labelledby={`${props.id}-title`}>
      <h3 id={`${props.id}-title`}>{props.title}</h3>
      <p className="dash-note">{props.hint}</p>
      <div className="dash-image-frame">
        {src ? <img src={src} alt={props.alt} /> : <span className="muted">No picture yet</span>}
      </div>
      <UploadProgress upload={upload} title={props.title} />
      <FileTrigger acceptedFileTypes={[...IMAGE_TYPES]} onSelect={(files) => void pick(files?.[0])}>
        <Button variant="secondary" isPending={upload.state === 'sending'}>
          {src ? 'Change picture' : 'Choose a picture'}
        </Button>
      </FileTrigger>
    </section>
  );
}

function UploadProgress({ upload, title }: { upload: Upload; title: string }) {
  if (upload.state === 'failed') return <Callout tone="error">{upload.text}</Callout>;
  return (
    <div className="dash-upload-status">
      {upload.state === 'sending' ? (
        <progress max={1} value={upload.share} aria-label={`Uploading ${title.toLowerCase()}`} />
      ) : null}
      <p role="status" className="dash-note">
        {upload.state === 'sending' ? uploadingText(upload.share) : upload.state === 'saved' ? IMAGE_SAVED : null}
      </p>
    </div>
  );
}
