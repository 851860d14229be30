import { lazy, type ComponentType } from 'react';
import type { ShellStaffScreen } from '../../manifest/staff-routes';

/** The panel's screens of the shell itself, each its own chunk, loaded on visit like a remote's. */
export const shellStaffScreens: Record<ShellStaffScreen, ComponentType<Record<string, string>>> = {
  StaffToday: lazy(() => import(/* webpackChunkName: "staff-StaffToday" */ './today')),
  StaffPayments: lazy(() => import(/* webpackChunkName: "staff-StaffPayments" */ './payments')),
  StaffFoundation: lazy(() => import(/* webpackChunkName: "staff-StaffFoundation" */ './foundation')),
  StaffAbout: lazy(() => import(/* webpackChunkName: "staff-StaffAbout" */ './about')),
  StaffBlog: lazy(() => import(/* webpackChunkName: "staff-StaffBlog" */ './blog')),
};
