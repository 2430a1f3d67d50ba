/**
 * /staff/task-types: the task types with, per market, whether their name and checklist exist in
 * that market's language (a missing one blocks publishing the type's tasks there), and New.
 */
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { listTaskTypes } from '#contracts/api/authoring';
import { useStaffQuery } from '../api';
import { LoadFailure, Loading } from './LoadState';
import { MarketBadges } from './MarketBadges';
import { isMarket } from './markets';
import './authoring.css';

export default function TaskTypesScreen() {
  const types = useStaffQuery(listTaskTypes, {});
  const rows = types.data?.data ?? [];

  return (
    <div className="authoring-page">
      <div className="authoring-head">
        <h1>
          <Trans>Task types</Trans>
        </h1>
        <Link className="btn" to="/staff/task-types/new">
          <Trans>New task type</Trans>
        </Link>
      </div>
      <p className="muted">
        <Trans>A market's badge is marked when the type's name or a checklist item has no text in that market's language: its tasks cannot be published there.</Trans>
      </p>

      {types.error ? (
        <LoadFailure error={types.error} onRetry={types.reload} />
      ) : types.loading && !types.data ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className="muted">
          <Trans>No task types yet.</Trans>
        </p>
      ) : (
        <div className="authoring-table-wrap">
          <table className="authoring-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Task type</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Checklist</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Tasks</Trans>
                </th>
                <th scope="col">
                  <Trans>Texts per market</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((type) => (
                <tr key={type.id}>
                  <td>
                    <Link to={`/staff/task-types/${encodeURIComponent(type.id)}`}>{type.title}</Link>
                  </td>
                  <td className="num">
                    <Plural value={type.checklist.length} one="# item" other="# items" />
                  </td>
                  <td className="num">{type.taskCount}</td>
                  <td>
                    <MarketBadges complete={type.completeMarkets.filter(isMarket)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
