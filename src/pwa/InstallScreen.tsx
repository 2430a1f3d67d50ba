/**
 * /install (spec section 2): instructions per device. Android: the browser's install prompt
 * behind an Install button (or the menu steps when the browser offers none); iOS Safari: share →
 * Add to Home Screen; iOS in another browser: copy the link and open it in Safari ('copied' for
 * 3 s); a computer: a QR code of the app's address to open it on the phone (qrcode, loaded with
 * this page only). The tasker can switch to another device's instructions.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '#ui/Icon';
import { showToast } from '#ui/toastStore';
import { isInstalledApp } from './register';
import { currentInstallDevice, promptInstall, useInstallPromptAvailable, type InstallDevice } from './install';
import './install.css';

/** Spec section 2: the copied state lasts 3 s. */
export const COPIED_MS = 3000;

function appAddress(): string {
  return typeof window === 'undefined' ? '/' : `${window.location.origin}/`;
}

function AndroidInstall() {
  const available = useInstallPromptAvailable();
  const { t } = useLingui();
  return (
    <>
      {available ? (
        <button
          type="button"
          className="btn btn-block"
          onClick={() => {
            void promptInstall().then((outcome) => {
              if (outcome === 'accepted') showToast({ kind: 'success', message: t`Shelfwork is being added to your home screen.` });
            });
          }}
        >
          <Icon name="steps" />
          <Trans>Install the app</Trans>
        </button>
      ) : null}
      <ol className="install-steps">
        <li>
          <Trans>Open this page in Chrome.</Trans>
        </li>
        <li>
          <Trans>Tap the menu (⋮) in the top right corner.</Trans>
        </li>
        <li>
          <Trans>Tap “Install app” or “Add to Home screen”, then “Install”.</Trans>
        </li>
      </ol>
    </>
  );
}

function IosSafariInstall() {
  return (
    <ol className="install-steps">
      <li>
        <Trans>Tap the Share button (the square with an arrow) at the bottom of Safari.</Trans>
      </li>
      <li>
        <Trans>Scroll down and tap “Add to Home Screen”.</Trans>
      </li>
      <li>
        <Trans>Tap “Add”. Shelfwork appears on your home screen.</Trans>
      </li>
    </ol>
  );
}

/** Selects an element's text, so a link the clipboard refused can be copied by hand. */
function selectText(element: HTMLElement | null): void {
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  if (!element || !selection) return;
  selection.selectAllChildren(element);
}

function IosOtherInstall() {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const link = useRef<HTMLParagraphElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // A browser without the clipboard, or one that refuses it: say so and select the link.
  const refused = () => {
    setFailed(true);
    selectText(link.current);
  };
  return (
    <>
      <p>
        <Trans>On iPhone, only Safari can add the app to the home screen. Copy the link and open it in Safari.</Trans>
      </p>
      <p className="install-link" ref={link} data-testid="install-link">
        {appAddress()}
      </p>
      <button
        type="button"
        className="btn btn-block"
        disabled={copied}
        onClick={() => {
          if (!navigator.clipboard) return refused();
          void navigator.clipboard.writeText(appAddress()).then(() => {
            setFailed(false);
            setCopied(true);
            timer.current = setTimeout(() => setCopied(false), COPIED_MS);
          }, refused);
        }}
      >
        <Icon name={copied ? 'check' : 'document'} />
        {copied ? <Trans>Copied</Trans> : <Trans>Copy link</Trans>}
      </button>
      {failed ? (
        <p className="install-copy-failed" role="alert">
          <Trans>Could not copy the link. It is selected: copy it by hand.</Trans>
        </p>
      ) : null}
      <IosSafariInstall />
    </>
  );
}

function DesktopInstall() {
  const { t } = useLingui();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) => qr.toDataURL(appAddress(), { margin: 1, width: 400, errorCorrectionLevel: 'M' })).then(
      (url) => live && setSrc(url),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      <p>
        <Trans>Shelfwork is made for your phone. Scan this code with the phone's camera to open it there, then install it.</Trans>
      </p>
      {src ? <img className="install-qr" src={src} alt={t`QR code of the app's address`} width={200} height={200} /> : <div className="install-qr" aria-hidden="true" />}
      <p className="install-link">{appAddress()}</p>
    </>
  );
}

export function InstallScreen() {
  const { t } = useLingui();
  const [device, setDevice] = useState<InstallDevice>(currentInstallDevice);
  const names: Record<InstallDevice, string> = {
    android: t`Android`,
    'ios-safari': t`iPhone (Safari)`,
    'ios-other': t`iPhone (other browser)`,
    desktop: t`Computer`,
  };
  return (
    <div className="install-page">
      <h1 className="green-title">
        <Trans>Install Shelfwork</Trans>
      </h1>
      {isInstalledApp() ? (
        <p>
          <Trans>You are using the installed app already.</Trans>
        </p>
      ) : (
        <section aria-label={names[device]} data-device={device}>
          <h2>{names[device]}</h2>
          {device === 'android' ? <AndroidInstall /> : null}
          {device === 'ios-safari' ? <IosSafariInstall /> : null}
          {device === 'ios-other' ? <IosOtherInstall /> : null}
          {device === 'desktop' ? <DesktopInstall /> : null}
        </section>
      )}
      <section aria-labelledby="install-other">
        <h2 id="install-other" className="muted">
          <Trans>Another device?</Trans>
        </h2>
        <div className="install-devices">
          {(Object.keys(names) as InstallDevice[])
            .filter((d) => d !== device)
            .map((d) => (
              <button key={d} type="button" className="btn btn-secondary" onClick={() => setDevice(d)}>
                {names[d]}
              </button>
            ))}
        </div>
      </section>
      <Link to="/" className="btn btn-text">
        <Trans>Back to the app</Trans>
      </Link>
    </div>
  );
}
