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

const HomeLink = ({ label }: { label: string }) => (
  <Link className="button" data-variant="primary" to="/">
    {label}
  </Link>
);

export function ConfirmPage({ link, answer }: { link: ConfirmLink; answer?: ConfirmData }) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
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
      {answer?.state === 'failed' ? (
        <p className="subscribe-failure" role="alert">
          {confirmTexts.failed}
        </p>
      ) : null}
      <Form method="post" className="confirm-subscription-form">
        <input type="hidden" name="confirmationCode" value={link.code} />
        <button type="submit" className="button" data-variant="primary" aria-disabled={pending || undefined}>
          {pending ? confirmTexts.pending : confirmTexts.button}
        </button>
      </Form>
    </Message>
  );
}

export function UnsubscribePageView({ page, answer }: { page: UnsubscribePage; answer?: UnsubscribeAnswer }) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
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
      {answer?.state === 'failed' ? (
        <p className="subscribe-failure" role="alert">
          {unsubscribeTexts.failed}
        </p>
      ) : null}
      <Form method="post" className="unsubscribe-form">
        <input type="hidden" name="token" value={page.token} />
        <button type="submit" className="button" data-variant="primary" aria-disabled={pending || undefined}>
          {pending ? unsubscribeTexts.pending : unsubscribeTexts.button}
        </button>
      </Form>
    </Message>
  );
}
