/**
 * /task/{taskId}/skus (spec section 2, Scanner): loads the task from the mirror (asking for its
 * pack once when it was never downloaded, so a deep link still gets the products), then shows
 * SKU entry (SkuEntry) or, with `?isReviewMode` or a task no longer in progress, review mode
 * (SkuReview). Lazy-loaded: the scanner's code stays out of the first screen's bundle.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import { useOnline } from '../shared/useOnline';
import { pullTaskPack } from './mutations';
import { ExecutionGate, useExecutionTask, useProducts, useScannedItems, useTaskPack } from '../execution';
import { useTaskOutbox } from '../sync/hooks';
import { SkuEntry } from './SkuEntry';
import { SkuReview } from './SkuReview';
import '../ui/workPage.css';
import './scanner.css';

const flag = (value: string | null) => value !== null && value !== 'false' && value !== '0';

export function SkuScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  return <Skus key={taskId} taskId={taskId} />;
}

function Skus({ taskId }: { taskId: string }) {
  const { t } = useLingui();
  useScreenTitle(t`SKUs`);
  const [params] = useSearchParams();
  const task = useExecutionTask(taskId);
  const products = useProducts(taskId);
  const savedRows = useScannedItems(taskId);
  const outbox = useTaskOutbox(taskId);
  const pack = useTaskPack(taskId);
  const online = useOnline();
  const reviewMode = flag(params.get('isReviewMode')) || (task != null && task.status !== 'in_progress');

  // A task opened here first (deep link) may not have its products yet: ask once, quietly.
  const askedPack = useRef(false);
  useEffect(() => {
    if (pack === undefined || askedPack.current || !online || !task) return;
    if (pack === null || !pack.complete) {
      askedPack.current = true;
      void pullTaskPack(taskId);
    }
  }, [pack, online, task, taskId]);

  if (!task) return <ExecutionGate task={task} taskId={taskId} />;
  if (reviewMode) return <SkuReview products={products} savedRows={savedRows} />;
  return <SkuEntry taskId={taskId} products={products ?? []} savedRows={savedRows} outbox={outbox} online={online} />;
}

