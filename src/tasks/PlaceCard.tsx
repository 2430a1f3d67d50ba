/**
 * The store a task happens in: retailer logo, place title, address, distance, and a link that
 * opens the coordinates in the phone's maps app (the in-app map comes with /map later).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Place } from '#domain/types';
import { formatDistance } from '../i18n/format';
import { RetailerLogo } from './RetailerLogo';
import { externalMapsUrl } from './routes';
import { Icon } from '#ui/Icon';

export function PlaceCard({ place, distance }: { place: Place; distance: number | null }) {
  const { i18n } = useLingui();
  const distanceText = distance === null ? '' : formatDistance(distance, i18n.locale);
  return (
    <section className="card place-card">
      <div className="place-card__head">
        <RetailerLogo src={place.logo ?? place.retailer.logo} name={place.retailer.name || place.title} />
        <div className="place-card__text">
          <span className="place-card__title">{place.title}</span>
          <span className="place-card__address">
            {place.address}, {place.city}
          </span>
          {distance !== null && (
            <span className="place-card__distance">
              <Icon name="pin" size={13} />
              <Trans>{distanceText} away</Trans>
            </span>
          )}
        </div>
      </div>
      <a className="btn btn-secondary btn-block place-card__map" href={externalMapsUrl(place.coordinates)} target="_blank" rel="noopener noreferrer">
        <Icon name="map" size={18} />
        <Trans>Open in maps</Trans>
      </a>
    </section>
  );
}
