// The pages a subscriber mail links to: "confirm your subscription?" with a button, then "you're subscribed" (or
// why the confirmation link no longer works); and "unsubscribe from these emails?" (naming the club when the
// service could say whose) with a button, then its answer. Each button is a plain form POST, so it works before
// (and without) JavaScript; opening a page never subscribes nor unsubscribes anybody (mail scanners open links).
import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { clubPath } from './club-data';
import { confirmTexts, unsubscribeTexts } from './club-texts';
import type { ConfirmData, ConfirmLink, UnsubscribeAnswer, UnsubscribePage } from './subscription.server';

function Message(props: { title: string; body: string; children?: ReactNode }) {
  return (
    <section className="subscription-page stack" aria-labelledby="subscription-title">
      <h1 id="subscription-title">{props.title}</h1>
      <p>{props.body}</p>
      {props.children}
    </section>
  );
}

/** The page's one button: a plain form POST of the mail's code, under why the last press failed, if it did. */
function PostButton(props: {
  className: string;
  name: string;
  value: string;
  failed: boolean;
  texts: { button: string; pending: string; failed: string };
}) {
  const pending = useNavigation().state === 'submitting';
  return (
    <>
      {props.failed ? (
        <p className="subscribe-failure" role="alert">
          {props.texts.failed}
        </p>
      ) : null}
      <Form method="post" className={props.className}>
        <input type="hidden" name={props.name} value={props.value} />
        <button type="submit" className="button" data-variant="primary" aria-disabled={pending || undefined}>
          {pending ? props.texts.pending : props.texts.button}
        </button>
      </Form>
    </>
  );
}

const HomeLink = ({ label }: { label: string }) => (
  <Link className="button" data-variant="primary" to="/">
    {label}
  </Link>
);

export function ConfirmPage({ link, answer }: { link: ConfirmLink; answer?: ConfirmData }) {
  if (link.state === 'invalid' || answer?.state === 'invalid')
    return (
      <Message title={confirmTexts.invalidTitle} body={confirmTexts.invalidBody}>
        <HomeLink label={confirmTexts.home} />
      </Message>
    );
  if (answer?.state === 'confirmed') {
    const { creator } = answer;
    if (!creator)
      return (
        <Message title={confirmTexts.titleNoName} body={confirmTexts.bodyNoName}>
          <HomeLink label={confirmTexts.home} />
        </Message>
      );
    return (
      <Message title={confirmTexts.title(creator.publicName)} body={confirmTexts.body(creator.publicName)}>
        <Link className="button" data-variant="primary" to={clubPath(creator.slug)}>
          {confirmTexts.visit(creator.publicName)}
        </Link>
      </Message>
    );
  }
  return (
    <Message title={confirmTexts.askTitle} body={confirmTexts.askBody}>
      <PostButton
        className="confirm-subscription-form"
        name="confirmationCode"
        value={link.code}
        failed={answer?.state === 'failed'}
        texts={confirmTexts}
      />
    </Message>
  );
}

export function UnsubscribePageView({ page, answer }: { page: UnsubscribePage; answer?: UnsubscribeAnswer }) {
  if (answer?.state === 'done')
    return (
      <Message title={unsubscribeTexts.doneTitle} body={unsubscribeTexts.doneBody}>
        <HomeLink label={unsubscribeTexts.home} />
      </Message>
    );
  if (page.state === 'invalid' || answer?.state === 'invalid')
    return (
      <Message title={unsubscribeTexts.invalidTitle} body={unsubscribeTexts.invalidBody}>
        <HomeLink label={unsubscribeTexts.home} />
      </Message>
    );
  const name = page.club?.publicName;
  return (
    <Message
      title={name ? unsubscribeTexts.titleFor(name) : unsubscribeTexts.title}
      body={name ? unsubscribeTexts.bodyFor(name) : unsubscribeTexts.body}
    >
      <PostButton
        className="unsubscribe-form"
        name="token"
        value={page.token}
        failed={answer?.state === 'failed'}
        texts={unsubscribeTexts}
      />
    </Message>
  );
}
