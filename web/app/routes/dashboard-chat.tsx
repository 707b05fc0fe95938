// /dashboard/chat: the chat with Taylor, the creators' AI travel assistant (spec section 1; docs/assistant.md).
// The creator's own conversations, so everything is read in the browser; the layout gives the gate and frame.
import { ChatPage } from '~/assistant/chat-page';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard-chat';
import '~/assistant/assistant.css';

export const meta: Route.MetaFunction = () => [{ title: `Taylor · ${PRODUCT}` }];

export default function DashboardChat() {
  return <ChatPage />;
}
