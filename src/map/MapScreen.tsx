/**
 * The map screens (spec section 2): /map/{taskStatus} (the map variant of each task
 * list) and /opportunities-map (this week's earnings per place). MapLibre through react-map-gl,
 * in this lazy chunk only (the first screen's budget stays, DESIGN.md).
 *
 * - View in the URL (lat, lng, zoom), written 200 ms after the map stops (mapView.ts); defaults
 *   from the spec: LT centre at zoom 7 (other markets: their capital), the tasker's position at
 *   zoom 10, minimum zoom 5.
 * - Places from the mirror only (mapPlaces.ts): the sync worker pulls them while a map is open
 *   (watch({ map }), re-asked 1000 ms after the centre settles, every 60 s); the tasker's own
 *   tasks' places come from `tasks` and show offline.
 * - Markers are HTML (buttons with words, no glyph server needed) over MapLibre's GeoJSON
 *   clustering: a cluster zooms in to where it splits; a place opens its drawer (PlaceDrawer).
 * - Basemap: the configured tile service when online, else (or when it fails) the app's own
 *   offline style (mapStyle.ts). No WebGL: 'Cannot load map' with the way back to the list.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONFeature, GeoJSONSource, GeoJSONSourceSpecification, StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AttributionControl, Layer, Map as MapGl, Marker, NavigationControl, Source, type MapRef, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { MAP_DEFAULTS } from '#domain/map';
import type { Coordinates, CountryCode } from '#domain/types';
import { Alert } from '#ui/Alert';
import { Icon } from '#ui/Icon';
import { formatMoney } from '../i18n/format';
import { cityLabel } from './cityNames';
import { watchCollections, LIST_STATUSES, pathForStatus, type ListStatus, useDevicePosition } from '../tasks';
import { useNow } from '../shared/useNow';
import { CLUSTER_PROPERTIES, mapCurrency, moneyOfCents, selectMapPoints, toFeatureCollection, type MapMode, type MapPoint } from './mapPlaces';
import { citiesAtZoom, hasWebGL, loadCities, loadMapStyleConfig, offlineStyle, OFFLINE_ATTRIBUTION, type CityFeature } from './mapStyle';
import { debounce, readMapView, writeMapView, type Debounced, type MapView } from './mapView';
import { useMapData, useViewerMarket } from './queries';
import { PlaceDrawer } from './PlaceDrawer';
import '../ui/tabs.css';
import './MapScreen.css';

// MapLibre's worker is its own file (emitted by Vite, precached by the service worker).
maplibregl.setWorkerUrl(new URL(workerUrl, window.location.href).href);

const SOURCE_ID = 'places';
/** Places closer than this many pixels join a cluster; none above zoom 14 (a street's stores stay apart). */
const CLUSTER_RADIUS = 48;
const CLUSTER_MAX_ZOOM = 14;

type MarkerItem =
  | { kind: 'cluster'; key: string; clusterId: number; lng: number; lat: number; places: number; tasks: number; earnCents: number }
  | { kind: 'place'; key: string; placeId: string; lng: number; lat: number; tasks: number; earnCents: number };

function markersOf(features: GeoJSONFeature[]): MarkerItem[] {
  const out = new Map<string, MarkerItem>();
  for (const f of features) {
    if (f.geometry.type !== 'Point') continue;
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const p = f.properties as Record<string, unknown>;
    if (p.cluster) {
      const clusterId = Number(p.cluster_id);
      out.set(`c${clusterId}`, { kind: 'cluster', key: `c${clusterId}`, clusterId, lng, lat, places: Number(p.point_count), tasks: Number(p.count), earnCents: Number(p.earnCents) });
    } else {
      const placeId = String(p.placeId);
      out.set(`p${placeId}`, { kind: 'place', key: `p${placeId}`, placeId, lng, lat, tasks: Number(p.count), earnCents: Number(p.earnCents) });
    }
  }
  return [...out.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const sameMarkers = (a: MarkerItem[], b: MarkerItem[]) => a.length === b.length && a.every((m, i) => m.key === b[i]?.key && m.tasks === b[i]?.tasks && m.earnCents === b[i]?.earnCents);

export function MapStatusScreen() {
  const { taskStatus } = useParams();
  const status = LIST_STATUSES.find((s) => s === taskStatus);
  const market = useViewerMarket();
  if (!status) return <Navigate to="/map/available" replace />;
  // The market decides where the map opens; the mirror answers it within a frame.
  if (market === undefined) return null;
  return <MapScreen key={status} mode={{ kind: 'status', status }} market={market} />;
}

export function OpportunitiesMapScreen() {
  const market = useViewerMarket();
  if (market === undefined) return null;
  return <MapScreen mode={{ kind: 'opportunities' }} market={market} />;
}

type StyleChoice = { style: StyleSpecification | string; attribution: string; remote: boolean };

function useMapStyle(): { choice: StyleChoice | null; providerFailed: boolean; fallBack: () => void } {
  const origin = window.location.origin;
  const offline = useMemo<StyleChoice>(() => ({ style: offlineStyle(origin), attribution: OFFLINE_ATTRIBUTION, remote: false }), [origin]);
  const [choice, setChoice] = useState<StyleChoice | null>(null);
  const [providerFailed, setProviderFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void loadMapStyleConfig().then((config) => {
      if (!live) return;
      setChoice(config.styleUrl ? { style: config.styleUrl, attribution: config.attribution ?? '', remote: true } : offline);
    });
    return () => {
      live = false;
    };
  }, [offline]);
  const fallBack = useCallback(() => {
    setProviderFailed(true);
    setChoice(offline);
  }, [offline]);
  return { choice, providerFailed, fallBack };
}

function MapScreen({ mode, market }: { mode: MapMode; market: CountryCode | null }) {
  const { t, i18n } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const { position, status: positionStatus, request: requestPosition } = useDevicePosition();
  const [initial] = useState(() => readMapView(searchParams, position, market));
  const [view, setView] = useState<MapView>(initial.view);
  const [webgl] = useState(hasWebGL);
  const [cannotLoad, setCannotLoad] = useState(!webgl);
  const [locationOff, setLocationOff] = useState(false);
  const { choice, providerFailed, fallBack } = useMapStyle();
  const mapRef = useRef<MapRef>(null);
  const pendingJump = useRef<Coordinates | null>(null);
  const [markers, setMarkers] = useState<MarkerItem[]>([]);
  const [ready, setReady] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [cities, setCities] = useState<CityFeature[]>([]);
  const now = useNow(60_000);
  const data = useMapData(mode);
  const opportunities = mode.kind === 'opportunities';
  const status: ListStatus = mode.kind === 'status' ? mode.status : 'available';

  const points = useMemo(() => (data ? selectMapPoints(mode, data.places, data.tasks) : []), [data, mode]);
  const geojson = useMemo(() => toFeatureCollection(points), [points]);
  const currency = useMemo(() => mapCurrency(points), [points]);
  const selectedPoint = useMemo<MapPoint | null>(() => points.find((p) => p.placeId === selected) ?? null, [points, selected]);

  // The URL follows the map 200 ms after it stops; the worker's query 1000 ms after (spec section 9).
  const debouncers = useRef<{ url: Debounced<MapView>; places: Debounced<Coordinates> } | null>(null);
  useEffect(() => {
    // Written only while the map is still the page: leaving flushes a waiting view, and the router
    // has already moved to the next page by then (its URL would get the map's lat, lng and zoom).
    const mapPath = window.location.pathname;
    const url = debounce((v: MapView) => {
      if (window.location.pathname === mapPath) setSearchParams((prev) => writeMapView(prev, v), { replace: true });
    }, MAP_DEFAULTS.urlDebounceMs);
    const places = debounce((centre: Coordinates) => void watchCollections({ map: { center: centre, opportunities } }), MAP_DEFAULTS.queryDebounceMs);
    debouncers.current = { url, places };
    return () => {
      url.flush();
      places.cancel();
    };
  }, [setSearchParams, opportunities]);
  useEffect(() => {
    void watchCollections({ map: { center: { latitude: initial.view.latitude, longitude: initial.view.longitude }, opportunities } });
    return () => void watchCollections({ map: null });
  }, [initial, opportunities]);

  // A position already allowed (no prompt) centres a map opened without a view in its URL.
  useEffect(() => {
    if (initial.fromUrl || position || typeof navigator === 'undefined' || !navigator.permissions) return;
    let live = true;
    void navigator.permissions
      .query({ name: 'geolocation' })
      .then((p) => (p.state === 'granted' && live ? requestPosition() : null))
      .then((coords) => {
        if (!coords || !live) return;
        const map = mapRef.current?.getMap();
        // Before the map exists (its style config still loading) the jump waits for onLoad.
        if (map) map.jumpTo({ center: [coords.longitude, coords.latitude], zoom: MAP_DEFAULTS.locatedZoom });
        else pendingJump.current = coords;
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [initial, position, requestPosition]);

  useEffect(() => {
    let live = true;
    if (choice && !choice.remote) void loadCities(window.location.origin).then((c) => live && setCities(c));
    return () => {
      live = false;
    };
  }, [choice]);

  const refreshMarkers = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map || !map.getSource(SOURCE_ID)) return;
    const next = markersOf(map.querySourceFeatures(SOURCE_ID));
    setMarkers((prev) => (sameMarkers(prev, next) ? prev : next));
    if (map.isSourceLoaded(SOURCE_ID)) {
      setReady(true);
      if (!document.documentElement.dataset.mapInteractive) {
        document.documentElement.dataset.mapInteractive = String(Math.round(performance.now()));
      }
    }
  }, []);

  const onLoad = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map) return;
    const jump = pendingJump.current;
    pendingJump.current = null;
    if (jump) map.jumpTo({ center: [jump.longitude, jump.latitude], zoom: MAP_DEFAULTS.locatedZoom });
    map.on('sourcedata', (e) => {
      if (e.sourceId === SOURCE_ID && e.isSourceLoaded) refreshMarkers();
    });
    map.on('moveend', refreshMarkers);
    map.on('idle', refreshMarkers);
    refreshMarkers();
  }, [refreshMarkers]);

  const onMove = useCallback(
    (e: ViewStateChangeEvent) => {
      const v = { latitude: e.viewState.latitude, longitude: e.viewState.longitude, zoom: e.viewState.zoom };
      setView(v);
      debouncers.current?.url(v);
      debouncers.current?.places({ latitude: v.latitude, longitude: v.longitude });
    },
    [],
  );

  const onError = useCallback(
    (e: { error?: { message?: string; status?: number } }) => {
      const message = e.error?.message ?? '';
      if (/webgl/i.test(message)) setCannotLoad(true);
      else if (choice?.remote && !mapRef.current?.getMap().isStyleLoaded()) fallBack();
    },
    [choice, fallBack],
  );

  const expandCluster = useCallback(async (m: Extract<MarkerItem, { kind: 'cluster' }>) => {
    const map = mapRef.current?.getMap();
    const source = map?.getSource<GeoJSONSource>(SOURCE_ID);
    if (!map || !source) return;
    const zoom = await source.getClusterExpansionZoom(m.clusterId);
    map.easeTo({ center: [m.lng, m.lat], zoom: Math.min(zoom + 0.01, MAP_DEFAULTS.maxZoom), duration: 400 });
  }, []);

  const locate = useCallback(async () => {
    setLocationOff(false);
    const coords = await requestPosition();
    if (!coords) {
      setLocationOff(true);
      return;
    }
    const map = mapRef.current?.getMap();
    map?.easeTo({ center: [coords.longitude, coords.latitude], zoom: Math.max(map.getZoom(), MAP_DEFAULTS.locatedZoom), duration: 400 });
  }, [requestPosition]);

  const closeDrawer = useCallback(() => setSelected(null), []);
  const viewQuery = `?${writeMapView(new URLSearchParams(), view).toString()}`;
  const listPath = opportunities ? pathForStatus('available') : pathForStatus(status);
  const labels: Record<ListStatus, string> = { available: t`Available`, reserved: t`Reserved`, in_progress: t`In progress` };
  const shownCities = useMemo(() => citiesAtZoom(cities, view.zoom), [cities, view.zoom]);

  const label = (tasks: number, earnCents: number) => {
    if (!opportunities) return String(tasks);
    const money = moneyOfCents(earnCents, currency);
    return money ? formatMoney(money, i18n.locale, { stripZeroCents: true }) : String(tasks);
  };

  return (
    <div className={`map-screen${selectedPoint ? ' has-drawer' : ''}`} data-map-ready={ready || undefined}>
      <div className="map-screen__bar">
        {opportunities ? (
          <p className="map-screen__heading">
            <Trans>Tasks and earnings this week, by store</Trans>
          </p>
        ) : (
          <nav className="status-tabs map-screen__tabs" aria-label={t`Task maps`}>
            {LIST_STATUSES.map((s) => (
              <Link
                key={s}
                to={{ pathname: `/map/${s}`, search: viewQuery }}
                replace
                className={`status-tabs__tab${s === status ? ' is-active' : ''}`}
                aria-current={s === status ? 'page' : undefined}
                title={labels[s]}
              >
                {labels[s]}
              </Link>
            ))}
          </nav>
        )}
      </div>

      {providerFailed && (
        <Alert tone="warning" role="alert" icon="warning" className="map-screen__alert">
          <Trans>The map provider failed to load. Showing the offline map with borders and cities.</Trans>
        </Alert>
      )}
      {locationOff && (
        <Alert tone="warning" role="alert" icon="pin" className="map-screen__alert" onDismiss={() => setLocationOff(false)}>
          <Trans>Location is off. Turn it on to see the stores near you.</Trans>
        </Alert>
      )}

      {cannotLoad ? (
        <div className="map-screen__failed" role="alert">
          <Icon name="map" size={40} />
          <p className="map-screen__failed-title">
            <Trans>Cannot load map</Trans>
          </p>
          <p>
            <Trans>This device cannot draw the map. The same tasks are in the list.</Trans>
          </p>
          <Link to={listPath} className="btn btn-primary">
            <Trans>Show the list</Trans>
          </Link>
        </div>
      ) : (
        <div className="map-screen__map">
          <Link to={listPath} className="map-screen__list">
            <Icon name="menu" size={18} />
            <Trans>List</Trans>
          </Link>
          {choice && (
            <MapGl
              ref={mapRef}
              mapLib={maplibregl}
              initialViewState={initial.view}
              minZoom={MAP_DEFAULTS.minZoom}
              maxZoom={MAP_DEFAULTS.maxZoom}
              mapStyle={choice.style}
              attributionControl={false}
              dragRotate={false}
              pitchWithRotate={false}
              touchPitch={false}
              onLoad={onLoad}
              onMove={onMove}
              onError={onError}
              onClick={closeDrawer}
              style={{ position: 'absolute', inset: 0 }}
            >
              <Source
                id={SOURCE_ID}
                type="geojson"
                data={geojson as unknown as GeoJSONSourceSpecification['data']}
                cluster
                clusterRadius={CLUSTER_RADIUS}
                clusterMaxZoom={CLUSTER_MAX_ZOOM}
                clusterProperties={CLUSTER_PROPERTIES as unknown as Record<string, unknown>}
              >
                {/* Invisible: the markers are HTML; a layer makes MapLibre load and cluster the source. */}
                <Layer id="places-hit" type="circle" paint={{ 'circle-radius': 1, 'circle-opacity': 0 }} />
              </Source>
              {shownCities.map((c) => (
                <Marker key={c.name} longitude={c.coordinates[0]} latitude={c.coordinates[1]} anchor="left" offset={[6, 0]} style={{ pointerEvents: 'none' }}>
                  <span className={`map-city${c.capital ? ' map-city--capital' : ''}`}>{cityLabel(c.name, i18n.locale)}</span>
                </Marker>
              ))}
              {position && (
                <Marker longitude={position.longitude} latitude={position.latitude} anchor="center" style={{ pointerEvents: 'none' }}>
                  <span className="map-me" aria-label={t`You are here`} role="img" />
                </Marker>
              )}
              {markers.map((m) =>
                m.kind === 'cluster' ? (
                  <Marker key={m.key} longitude={m.lng} latitude={m.lat} anchor="center">
                    <button
                      type="button"
                      className="map-cluster"
                      data-testid="map-cluster"
                      onClick={(e) => {
                        e.stopPropagation();
                        void expandCluster(m);
                      }}
                    >
                      <span aria-hidden="true">{label(m.tasks, m.earnCents)}</span>
                      <span className="visually-hidden">
                        <Plural value={m.places} one="# store, zoom in" other="# stores, zoom in" />
                      </span>
                    </button>
                  </Marker>
                ) : (
                  <Marker key={m.key} longitude={m.lng} latitude={m.lat} anchor="bottom">
                    <PlaceMarker
                      title={points.find((p) => p.placeId === m.placeId)?.title ?? ''}
                      tasks={m.tasks}
                      text={label(m.tasks, m.earnCents)}
                      selected={m.placeId === selected}
                      onOpen={() => setSelected(m.placeId)}
                    />
                  </Marker>
                ),
              )}
              <NavigationControl position="top-right" showCompass={false} />
              <AttributionControl position="bottom-left" compact customAttribution={choice.remote && choice.attribution ? choice.attribution : undefined} />
            </MapGl>
          )}
          <button
            type="button"
            className="map-screen__locate"
            onClick={() => void locate()}
            aria-label={t`Show my location`}
            title={t`Show my location`}
            disabled={positionStatus === 'locating'}
          >
            <Icon name="pin" size={22} />
          </button>
          {ready && points.length === 0 && (
            <p className="map-screen__empty" role="status">
              {opportunities ? <Trans>No opportunities this week yet.</Trans> : <Trans>No tasks to show on the map.</Trans>}
            </p>
          )}
        </div>
      )}

      {selectedPoint && data && (
        <PlaceDrawer
          point={selectedPoint}
          tasks={data.tasks}
          lockable={status === 'available'}
          user={data.user}
          trainings={data.trainings}
          position={position}
          now={now}
          onClose={closeDrawer}
        />
      )}
    </div>
  );
}

function PlaceMarker({ title, tasks, text, selected, onOpen }: { title: string; tasks: number; text: string; selected: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      className={`map-marker${selected ? ' is-selected' : ''}`}
      data-testid="map-marker"
      aria-pressed={selected}
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
    >
      <span className="map-marker__text" aria-hidden="true">
        {text}
      </span>
      <span className="visually-hidden">
        {title}: <Plural value={tasks} one="# task" other="# tasks" />
      </span>
    </button>
  );
}
