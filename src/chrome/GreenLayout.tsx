/**
 * The green branded layout of login, register, passcode, not found (spec section 2) and of the
 * full-screen account messages. Guests can switch the language here: /settings needs login.
 */
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { BrandMark } from '#ui/BrandMark';
import { LanguageSelect } from './LanguageSelect';
import './GreenLayout.css';

export interface GreenLayoutProps {
  /** Without children it renders the matched child route. */
  children?: ReactNode;
}

export function GreenLayout({ children }: GreenLayoutProps) {
  return (
    <div className="green-layout">
      <header className="green-header">
        <BrandMark />
        <LanguageSelect compact />
      </header>
      <main className="green-main">
        <div className="green-card">{children ?? <Outlet />}</div>
      </main>
    </div>
  );
}
