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

/** A page that asks: its one button, a plain form POST of the mail's code, under why the last press failed. */
function AskPage(props: {
  title: string;
  body: string;
  className: string;
  name: string;
  value: string;
  failed: boolean;
  texts: { button: string; pending: string; failed: string };
}) {
  const pending = useNavigation().state === 'submitting';
  return (
    <Message title={props.title} body={props.body}>
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
    </Message>
  );
}

/** A page that only tells, with the way home. */
const HomeMessage = ({ title, body, home }: { title: string; body: string; home: string }) => (
  <Message title={title} body={body}>
    <Link className="button" data-variant="primary" to="/">
      {home}
    </Link>
  </Message>
);

export function ConfirmPage({ link, answer }: { link: ConfirmLink; answer?: ConfirmData }) {
  const texts = confirmTexts;
  if (link.state === 'invalid' || answer?.state === 'invalid')
    return <HomeMessage title={texts.invalidTitle} body={texts.invalidBody} home={texts.home} />;
  if (answer?.state === 'confirmed') {
    const { creator } = answer;
    if (!creator) return <HomeMessage title={texts.titleNoName} body={texts.bodyNoName} home={texts.home} />;
    return (
      <Message title={texts.title(creator.publicName)} body={texts.body(creator.publicName)}>
        <Link className="button" data-variant="primary" to={clubPath(creator.slug)}>
          {texts.visit(creator.publicName)}
        </Link>
      </Message>
    );
  }
  return (
    <AskPage
      title={texts.askTitle}
      body={texts.askBody}
      className="confirm-subscription-form"
      name="confirmationCode"
      value={link.code}
      failed={answer?.state === 'failed'}
      texts={texts}
    />
  );
}

export function UnsubscribePageView({ page, answer }: { page: UnsubscribePage; answer?: UnsubscribeAnswer }) {
  const texts = unsubscribeTexts;
  if (answer?.state === 'done') return <HomeMessage title={texts.doneTitle} body={texts.doneBody} home={texts.home} />;
  if (page.state === 'invalid' || answer?.state === 'invalid')
    return <HomeMessage title={texts.invalidTitle} body={texts.invalidBody} home={texts.home} />;
  const name = page.club?.publicName;
  return (
    <AskPage
      title={name ? texts.titleFor(name) : texts.title}
      body={name ? texts.bodyFor(name) : texts.body}
      className="unsubscribe-form"
      name="token"
      value={page.token}
      failed={answer?.state === 'failed'}
      texts={texts}
    />
  );
}
