// STUB (issue 15): replaced by the page's real module.
import { Outlet } from 'react-router';

export default function Placeholder() {
  return <Outlet />;
}
