// The traveller's own pages (/user/...): they share the layout of the site.
import { Outlet } from 'react-router';

export default function UserLayout() {
  return <Outlet />;
}
