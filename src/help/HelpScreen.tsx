/**
 * /knowledge-base, /faq and /troubleshooting: our own help pages, questions that open
 * to their answers. The drawer's rules apply to the page too (spec sections 2 and 6, the same
 * drawerItems()): the knowledge base and troubleshooting are not offered in RO, troubleshooting
 * needs an approved profile; a page not offered says so and points to support and the FAQ.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Icon } from '#ui/Icon';
import { useUser } from '../auth';
import { isHelpPageOffered } from './helpRules';
import { isInstalledApp } from '../pwa/register';
import { HELP_ARTICLES, type HelpPage } from './helpContent';
import './help.css';

export function HelpScreen({ page }: { page: HelpPage }) {
  const { i18n } = useLingui();
  const user = useUser();
  if (user === undefined) return null;
  const offered = isHelpPageOffered(page, { countryCode: user?.countryCode ?? null, isApproved: user?.isApproved ?? false, installed: isInstalledApp() });

  if (!offered) {
    return (
      <div className="page help-page">
        <section className="card help-unavailable">
          <Icon name="info" />
          <p>
            {page === 'troubleshooting' && user?.countryCode !== 'RO' ? (
              <Trans>Troubleshooting opens once your profile is approved. Until then, the FAQ answers the common questions.</Trans>
            ) : (
              <Trans>This page is not available in your country. The FAQ and support can help.</Trans>
            )}
          </p>
          <div className="help-links">
            <Link to="/faq" className="btn btn-secondary">
              <Trans>Open the FAQ</Trans>
            </Link>
            {user?.countryCode ? (
              <Link to="/support" className="btn btn-secondary">
                <Trans>Contact support</Trans>
              </Link>
            ) : null}
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="page help-page">
      <div className="help-list">
        {HELP_ARTICLES[page].map((article) => (
          <details key={article.id} className="card help-article" id={article.id}>
            <summary className="help-question">{i18n._(article.question)}</summary>
            <p className="help-answer">{i18n._(article.answer)}</p>
          </details>
        ))}
      </div>
      <section className="card help-more">
        <p>
          <Trans>Did not find an answer?</Trans>
        </p>
        <div className="help-links">
          {page !== 'troubleshooting' && page !== 'knowledgeBase' ? null : (
            <Link to="/geolocation-permissions" className="btn btn-text">
              <Trans>Location permission</Trans>
            </Link>
          )}
          <Link to="/notification-permissions" className="btn btn-text">
            <Trans>Notification permission</Trans>
          </Link>
          {user?.countryCode ? (
            <Link to="/support" className="btn btn-secondary">
              <Icon name="support" />
              <Trans>Contact support</Trans>
            </Link>
          ) : null}
        </div>
      </section>
    </div>
  );
}

export function KnowledgeBaseScreen() {
  return <HelpScreen page="knowledgeBase" />;
}
export function FaqScreen() {
  return <HelpScreen page="faq" />;
}
export function TroubleshootingScreen() {
  return <HelpScreen page="troubleshooting" />;
}
