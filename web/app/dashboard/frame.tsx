// The frame of every dashboard page: the creator gate, the dashboard's navigation and the page's area. The
// layout route wraps its children in it; the pages outside the layout (manage stays and itineraries, club,
// club settings, analytics) wrap themselves, so every dashboard page looks and guards the same.
import type { ReactNode } from 'react';
import { CreatorGate } from './creator-gate';
import { DashboardNav } from './nav';
import './dashboard.css';

export interface DashboardFrameProps {
  /** The page's heading (its h1); leave it out when the page writes its own. */
  title?: string;
  children: ReactNode;
}

export function DashboardFrame({ title, children }: DashboardFrameProps) {
  return (
    <CreatorGate>
      <div className="dash">
        <DashboardNav />
        <div className="dash-body">
          {title ? <h1 className="dash-title">{title}</h1> : null}
          {children}
        </div>
      </div>
    </CreatorGate>
  );
}
