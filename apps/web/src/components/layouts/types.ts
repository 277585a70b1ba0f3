import type { Icon } from '@tabler/icons-react';

export interface NavItem {
  path: string;
  label: string;
  icon: Icon;
}

export interface LayoutUser {
  name: string;
  roleLabel: string;
}
