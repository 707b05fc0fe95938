// The builder's sticky bar, always in reach of a thumb: where the package stands (new, draft, live; saved or
// not), the last save's outcome, and the buttons to save and to publish or unpublish.
import { Link } from 'react-router';
import { Button } from '~/ui/button';
import { Callout } from '~/ui/callout';
import type { PackageEditor } from './use-editor';

function standing(editor: PackageEditor, isNew: boolean): string {
  if (isNew) return 'New package · not saved yet';
  if (editor.isActive) return editor.dirty ? 'Live · changes not saved' : 'Live in your club';
  return editor.dirty ? 'Draft · changes not saved' : 'Draft · saved';
}

export function SaveBar(props: { editor: PackageEditor; isNew: boolean; publicPath: string | null }) {
  const { editor, isNew, publicPath } = props;
  const { busy, notice } = editor;
  return (
    <div className="xp-savebar" role="region" aria-label="Save your package">
      {notice ? (
        <Callout tone={notice.tone}>
          {notice.text}
          {notice.tone === 'success' && editor.isActive && publicPath ? (
            <>
              {' '}
              <Link to={publicPath}>See it in your club</Link>
            </>
          ) : null}
        </Callout>
      ) : null}
      <div className="xp-savebar-row">
        <p className="xp-savebar-status">{standing(editor, isNew)}</p>
        <div className="xp-savebar-buttons">
          <Button variant="secondary" type="submit" isPending={busy === 'save'}>
            {editor.isActive ? 'Save changes' : 'Save draft'}
          </Button>
          {editor.isActive ? (
            <Button variant="secondary" onPress={() => void editor.unpublish()} isPending={busy === 'unpublish'}>
              Unpublish
            </Button>
          ) : (
            <Button onPress={() => void editor.publish()} isPending={busy === 'publish'}>
              Publish
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
