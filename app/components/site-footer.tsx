import { Link } from '#app/components/link.tsx';
import { t, type MessageKey } from '#lib/i18n.ts';
import { SITE, telHref, whatsappUrl, type SocialNetwork } from '#lib/site.ts';
import { useSiteSettings } from '#app/use-root-data.ts';
import { DataSaverToggle } from './data-saver-toggle.tsx';
import { Icon } from './icon.tsx';
import { REQUEST_PROPERTY_LINK, SUPPLY_PROPERTY_LINK } from './nav-links.ts';
import { NewsletterForm } from './newsletter-form.tsx';

/** A link the admin configured: a site path stays in the app, an address opens as a page. */
function SettingLink({ href, children }: { href: string; children: React.ReactNode }) {
  if (href.startsWith('/')) {
    return (
      <Link to={href} className="hover:underline" reloadDocument>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className="hover:underline" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const SOCIAL_LABELS: Record<SocialNetwork, MessageKey> = {
  facebook: 'social.facebook',
  instagram: 'social.instagram',
  linkedin: 'social.linkedin',
  tiktok: 'social.tiktok',
  x: 'social.x',
  youtube: 'social.youtube',
};

export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {SITE.socials.map((social) => (
        <li key={social.network}>
          <a
            href={social.url}
            rel="noopener noreferrer"
            target="_blank"
            aria-label={t(SOCIAL_LABELS[social.network])}
            className="flex h-11 w-11 items-center justify-center rounded-full bg-slate-800 text-slate-100 hover:bg-brand-700"
          >
            <Icon name={social.network} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter() {
  const site = useSiteSettings();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-8">
          <section>
            <p className="text-xl font-bold text-white">{t('brand.name')}</p>
            <p className="mt-2 text-sm text-slate-300">{t('brand.tagline')}</p>
          </section>
          <section aria-labelledby="footer-data-saver">
            <h2 id="footer-data-saver" className="font-semibold text-white">
              {t('dataSaver.label')}
            </h2>
            <div className="mt-3">
              <DataSaverToggle idPrefix="footer" />
            </div>
          </section>
        </div>
        <section aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="font-semibold text-white">
            {t('footer.quickLinks')}
          </h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-300">
            <li>
              <Link to="/about" className="hover:underline">
                {t('footer.aboutUs')}
              </Link>
            </li>
            <li>
              {/* An address the admin configured wins over the page of their terms text. */}
              {site.termsURL ? (
                <SettingLink href={site.termsURL}>{t('footer.terms')}</SettingLink>
              ) : (
                <Link to="/terms" className="hover:underline">
                  {t('footer.terms')}
                </Link>
              )}
            </li>
            <li>
              {/* An address the admin configured wins over the platform's own notice. */}
              {site.privacyURL ? (
                <SettingLink href={site.privacyURL}>{t('footer.privacy')}</SettingLink>
              ) : (
                <Link to="/privacy" className="hover:underline">
                  {t('footer.privacy')}
                </Link>
              )}
            </li>
            <li>
              <Link to={SUPPLY_PROPERTY_LINK.to} className="hover:underline">
                {t('footer.sellProperty')}
              </Link>
            </li>
            <li>
              <Link to={REQUEST_PROPERTY_LINK.to} className="hover:underline">
                {t('footer.buyProperty')}
              </Link>
            </li>
            <li>
              <Link to="/faq" className="hover:underline">
                {t('faq.link')}
              </Link>
            </li>
            <li>
              <Link to="/price-guide" className="hover:underline">
                {t('priceGuide.title')}
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="font-semibold text-white">
            {t('footer.newsletter')}
          </h2>
          <div className="mt-3">
            <NewsletterForm />
          </div>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-semibold text-white">
            {t('footer.contactUs')}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li className="flex items-start gap-2">
              <Icon name="mapPin" className="mt-0.5 h-4 w-4 shrink-0" />
              {t('footer.office')}
            </li>
            {site.supportPhone && (
              <li>
                <a
                  href={telHref(site.supportPhone)}
                  className="flex items-center gap-2 hover:underline"
                >
                  <Icon name="phone" className="h-4 w-4" />
                  {site.supportPhone}
                </a>
              </li>
            )}
            {site.contactEmail && (
              <li>
                <a
                  href={`mailto:${site.contactEmail}`}
                  className="flex items-center gap-2 hover:underline"
                >
                  <Icon name="mail" className="h-4 w-4" />
                  {site.contactEmail}
                </a>
              </li>
            )}
            <li>
              {/* The spec's floating chat shortcut: floating only where it covers nothing. */}
              <a
                href={whatsappUrl(t('footer.chatGreeting'))}
                target="_blank"
                rel="noopener noreferrer"
                className="company-chat"
              >
                <Icon name="chat" className="h-4 w-4" />
                <span className="company-chat-label">{t('footer.chat')}</span>
              </a>
            </li>
          </ul>
          <h3 className="sr-only">{t('footer.followUs')}</h3>
          <SocialLinks className="mt-4" />
        </section>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {t('brand.name')}. {site.footerText || t('footer.rights')}{' '}
        <Link to="/contact" className="underline">
          {t('nav.contact')}
        </Link>
      </p>
    </footer>
  );
}
