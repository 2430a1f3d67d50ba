/**
 * The live scan loop of the scanner screen: opens the rear camera (~1280×720), and on every
 * animation frame — one decode in flight at a time, so a slow phone skips frames instead of
 * queueing them — grabs a new camera picture, decodes it in the scanner worker and feeds the scan
 * gate (2 different camera frames of the last 4 must agree on a code the EAN rules accept; a
 * handled code is not re-read until it has been out of view for a while, dialog time not
 * counted). A
 * confirmed code goes to `onScan`. While `active` is false (a dialog is open) frames are not
 * decoded but the camera keeps running, so the next scan needs no camera restart. The camera is
 * stopped when the page is hidden and on unmount, so its light never stays on behind the
 * tasker's back; the worker is stopped on unmount.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraErrorCode, type CameraErrorCode } from '../execution';
import { decodeInWorker, grabFrame, stopScanner } from './client';
import { createScanGate } from './scanGate';

export type ScannerState = { kind: 'idle' } | { kind: 'starting' } | { kind: 'live' } | { kind: 'error'; code: CameraErrorCode; name: string };

/** Frames handed to the worker are at most this wide: the worker downscales further itself. */
const GRAB_MAX_WIDTH = 1280;

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : 'Error';
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

export interface BarcodeScanner {
  videoRef: React.RefObject<HTMLVideoElement | null>;
  state: ScannerState;
  /** Try to open the camera again after a failure. */
  retry: () => void;
}

export function useBarcodeScanner({ enabled, active, onScan }: { enabled: boolean; active: boolean; onScan: (text: string) => void }): BarcodeScanner {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  // The stream once it plays, and the last start failure: the state is derived from these.
  const [liveStream, setLiveStream] = useState<MediaStream | null>(null);
  const [failure, setFailure] = useState<{ code: CameraErrorCode; name: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // A failed start is not retried by itself (closing a dialog would re-open the camera and its
  // error again and again); only `retry` tries again.
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const visible = usePageVisible();
  const onScanRef = useRef(onScan);
  const activeRef = useRef(active);
  useEffect(() => {
    onScanRef.current = onScan;
    activeRef.current = active;
  }, [onScan, active]);

  const running = enabled && visible && failedAttempt !== attempt;

  useEffect(() => {
    if (!running) return;
    let cancelled = false;
    let stream: MediaStream | null = null;
    let frame = 0;
    let inFlight = false;
    const gate = createScanGate();
    const video = videoRef.current;
    // Which camera picture is showing: the video's presented-frame count where the browser reports
    // it (requestVideoFrameCallback), else every grab counts as a new picture. The gate wants two
    // different pictures to agree, and an unchanged picture is not worth decoding again.
    const countsFrames = !!video && typeof video.requestVideoFrameCallback === 'function';
    let presented = 0;
    let videoFrame = 0;
    let grabs = 0;
    let lastDecoded = -1;
    const onVideoFrame: VideoFrameRequestCallback = (_now, metadata) => {
      if (cancelled || !video) return;
      presented = metadata.presentedFrames;
      videoFrame = video.requestVideoFrameCallback(onVideoFrame);
    };

    const tick = () => {
      if (cancelled) return;
      frame = requestAnimationFrame(tick);
      if (!activeRef.current) {
        // A dialog is open: the time until it closes is not time the handled code was away.
        gate.pause();
        return;
      }
      if (inFlight || !video) return;
      const pictureId = countsFrames ? presented : grabs++;
      if (pictureId === lastDecoded) return;
      const grabbed = grabFrame(video, { maxWidth: GRAB_MAX_WIDTH });
      if (!grabbed) return;
      lastDecoded = pictureId;
      inFlight = true;
      decodeInWorker(grabbed)
        .then((result) => {
          if (cancelled || !activeRef.current) return;
          const code = gate.push(result?.text ?? null, pictureId);
          if (code) onScanRef.current(code);
        })
        .catch((error: unknown) => console.warn('[scanner] decode failed', error))
        .finally(() => {
          inFlight = false;
        });
    };

    const open = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('no mediaDevices'), { name: 'TypeError' });
      // `ideal` only: a phone without a rear camera or this resolution still gets a picture.
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      });
      if (cancelled || !video) return;
      video.srcObject = stream;
      await video.play();
      if (cancelled) return;
      setLiveStream(stream);
      if (countsFrames) videoFrame = video.requestVideoFrameCallback(onVideoFrame);
      frame = requestAnimationFrame(tick);
    };
    open().catch((error: unknown) => {
      if (cancelled) return;
      setFailedAttempt(attempt);
      setFailure({ code: cameraErrorCode(error), name: errorName(error) });
    });

    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      if (countsFrames && videoFrame) video?.cancelVideoFrameCallback(videoFrame);
      stream?.getTracks().forEach((track) => track.stop());
      if (video) video.srcObject = null;
      setLiveStream(null);
    };
  }, [running, attempt]);

  // The worker holds ZXing's tables (~ a few MB): free it when the screen goes.
  useEffect(() => () => stopScanner(), []);

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);

  const state: ScannerState =
    failure && failedAttempt === attempt
      ? { kind: 'error', ...failure }
      : !running
        ? { kind: 'idle' }
        : liveStream
          ? { kind: 'live' }
          : { kind: 'starting' };

  return { videoRef, state, retry };
}
