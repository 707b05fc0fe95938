// The creator service's endpoints, audience part: email subscribers (double opt-in, unsubscribe from a mail
// in one click or from the traveller's account) and creators' verification, decided by support staff.
import { z } from 'zod';
import {
  ConfirmSubscriptionQuerySchema,
  OneClickUnsubscribeBodySchema,
  RequestVerificationBodySchema,
  SubscribeAnswerSchema,
  SubscribeBodySchema,
  SubscriptionParamsSchema,
  SubscriptionSummarySchema,
  SubscriptionViewSchema,
  UnsubscribeFromCreatorQuerySchema,
  UnsubscribeQuerySchema,
  VerificationDecisionBodySchema,
  VerificationListQuerySchema,
  VerificationListSchema,
  VerificationParamsSchema,
  VerificationRequestSchema,
  StaffVerificationRequestSchema,
} from './audience-api.js';
import { accessOf, endpoint } from '../endpoint.js';

const BASE = '/api/v1/emailSubscription';
const { open, openOrUser, signedIn: user, creator, support } = accessOf('creator');

export const creatorSubscriptionEndpoints = {
  // A visitor or a signed-in traveller. The answer is the same whatever the address's state (new, waiting
  // for its confirmation, or confirmed already), so it tells a stranger nothing.
  subscribe: endpoint(openOrUser, 'PUT', BASE, {
    limit: 'tight',
    body: SubscribeBodySchema,
    responses: { 202: SubscribeAnswerSchema },
    errors: ['profile-not-found', 'too-many-requests'],
  }),
  // The confirmation mail's link (opened in a browser: the web app's page calls it and shows the answer).
  confirmSubscription: endpoint(open, 'GET', `${BASE}/:id/confirm`, {
    params: SubscriptionParamsSchema,
    query: ConfirmSubscriptionQuerySchema,
    responses: { 200: SubscriptionViewSchema },
    errors: ['subscription-code-invalid'],
  }),
  // What the unsubscribe page shows before asking: whose club, and the subscription's status. Only reads (mail
  // scanners open links); a wrong token, a wrong id and an unknown one are the same 404.
  readSubscription: endpoint(open, 'GET', `${BASE}/:id`, {
    params: SubscriptionParamsSchema,
    query: UnsubscribeQuerySchema,
    responses: { 200: SubscriptionSummarySchema },
    errors: ['subscription-not-found', 'too-many-requests'],
  }),
  // The unsubscribe link of every subscriber mail, without signing in; a second call changes nothing.
  unsubscribe: endpoint(open, 'DELETE', `${BASE}/:id`, {
    params: SubscriptionParamsSchema,
    query: UnsubscribeQuerySchema,
    responses: { 204: z.unknown() },
    errors: ['unsubscribe-link-invalid'],
  }),
  // RFC 8058 one-click: mail clients POST to the List-Unsubscribe address; same effect as the DELETE.
  oneClickUnsubscribe: endpoint(open, 'POST', `${BASE}/:id`, {
    params: SubscriptionParamsSchema,
    query: UnsubscribeQuerySchema,
    body: OneClickUnsubscribeBodySchema,
    responses: { 204: z.unknown() },
    errors: ['unsubscribe-link-invalid', 'unsupported-media-type'],
  }),
  // The signed-in traveller leaves one creator's list (every subscription of theirs to that creator).
  unsubscribeFromCreator: endpoint(user, 'DELETE', BASE, {
    query: UnsubscribeFromCreatorQuerySchema,
    responses: { 204: z.unknown() },
    errors: ['unauthenticated'],
  }),
};

export const creatorVerificationEndpoints = {
  // One open request per creator: asking again while one is pending answers that one (200).
  requestVerification: endpoint(creator, 'POST', '/api/v1/creator/requestVerification', {
    body: RequestVerificationBodySchema.nullish(),
    responses: { 200: VerificationRequestSchema, 201: VerificationRequestSchema },
    errors: ['unauthenticated', 'forbidden', 'profile-not-found', 'already-verified'],
  }),
  // Support staff (the CLI): the requests waiting for a decision, oldest first.
  listVerifications: endpoint(support, 'GET', '/api/v1/creator/verification', {
    query: VerificationListQuerySchema,
    responses: { 200: VerificationListSchema },
    errors: ['unauthenticated', 'forbidden'],
  }),
  // Support staff approve or refuse; the same decision again answers the request as it is.
  decideVerification: endpoint(support, 'POST', '/api/v1/creator/verification/:id/decision', {
    params: VerificationParamsSchema,
    body: VerificationDecisionBodySchema,
    responses: { 200: StaffVerificationRequestSchema },
    errors: ['unauthenticated', 'forbidden', 'verification-not-found', 'verification-already-decided'],
  }),
};
