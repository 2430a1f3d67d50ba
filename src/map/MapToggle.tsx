/** The switch from a task list to its map variant (spec section 2: /map/{taskStatus}). */
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Icon } from '#ui/Icon';
import type { ListStatus } from '../tasks';
import './MapToggle.css';

export function MapToggle({ status }: { status: ListStatus }) {
  return (
    <Link to={`/map/${status}`} className="btn btn-secondary map-toggle">
      <Icon name="map" size={18} />
      <Trans>Map</Trans>
    </Link>
  );
}
