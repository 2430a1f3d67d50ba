/**
 * A map to pick a place's position: a click (or dragging the pin) sets the coordinates, and typed
 * coordinates move the pin. MapLibre through react-map-gl as the tasker's map does; its style is
 * the tile service the server names (GET /api/map/config) or, without one or when it fails, the
 * app's own offline basemap (country borders and cities from /map, no tile server needed).
 * Loaded only by the places screen (it is the console's one MapLibre user).
 */
import { Trans } from '@lingui/react/macro';
import * as maplibregl from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Map as MapGl, Marker, NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import { mapConfig } from '#contracts/api/tasks';
import { MARKET_CENTRES } from '#domain/map';
import { staffCall } from '../api';
import { roundDegrees, type LatLng } from './coordinates';
import type { CountryCode } from './markets';

maplibregl.setWorkerUrl(new URL(workerUrl, window.location.href).href);

const OFFLINE_ATTRIBUTION = 'Natural Earth · GeoNames (CC BY 4.0)';

/** The app's offline basemap (the same files the tasker's map draws: public/map). */
function offlineStyle(origin: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: `${origin}/map/countries.json`, attribution: OFFLINE_ATTRIBUTION },
      cities: { type: 'geojson', data: `${origin}/map/cities.json` },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#cfe3ee' } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': ['case', ['get', 'market'], '#f6f4ee', '#ecebe6'] } },
      { id: 'borders', type: 'line', source: 'countries', paint: { 'line-color': '#9a958a', 'line-width': 1 } },
      { id: 'cities', type: 'circle', source: 'cities', paint: { 'circle-radius': 3, 'circle-color': '#6b675e', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 } },
    ],
  };
}

function hasWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

export interface PlacePickerMapProps {
  value: LatLng | null;
  market: CountryCode;
  onPick: (point: LatLng) => void;
}

export default function PlacePickerMap({ value, market, onPick }: PlacePickerMapProps) {
  const mapRef = useRef<MapRef>(null);
  const [styleUrl, setStyleUrl] = useState<string | null | undefined>(undefined);
  const [providerFailed, setProviderFailed] = useState(false);
  const webgl = useMemo(() => hasWebGL(), []);

  useEffect(() => {
    let live = true;
    staffCall(mapConfig, {})
      .then((c) => live && setStyleUrl(c.styleUrl))
      .catch(() => live && setStyleUrl(null));
    return () => {
      live = false;
    };
  }, []);

  // Typed coordinates or another market move the view to them.
  const centre = value ?? MARKET_CENTRES[market];
  useEffect(() => {
    mapRef.current?.flyTo({ center: [centre.longitude, centre.latitude], zoom: value ? Math.max(mapRef.current.getZoom(), 14) : 6, duration: 400 });
  }, [centre.latitude, centre.longitude, value]);

  if (!webgl) {
    return (
      <p className="authoring-map authoring-map--none muted">
        <Trans>This browser cannot draw the map: type the coordinates instead.</Trans>
      </p>
    );
  }
  if (styleUrl === undefined) return <div className="authoring-map" aria-busy="true" />;
  const style = styleUrl && !providerFailed ? styleUrl : offlineStyle(window.location.origin);

  return (
    <div className="authoring-map">
      <MapGl
        ref={mapRef}
        mapLib={maplibregl}
        initialViewState={{ latitude: centre.latitude, longitude: centre.longitude, zoom: value ? 14 : 6 }}
        mapStyle={style}
        dragRotate={false}
        pitchWithRotate={false}
        cursor="crosshair"
        onError={() => {
          if (styleUrl && !providerFailed) setProviderFailed(true);
        }}
        onClick={(e) => onPick({ latitude: roundDegrees(e.lngLat.lat), longitude: roundDegrees(e.lngLat.lng) })}
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {value && (
          <Marker
            latitude={value.latitude}
            longitude={value.longitude}
            anchor="bottom"
            draggable
            onDragEnd={(e) => onPick({ latitude: roundDegrees(e.lngLat.lat), longitude: roundDegrees(e.lngLat.lng) })}
          >
            <span className="authoring-map__pin" aria-hidden="true" />
          </Marker>
        )}
      </MapGl>
      {providerFailed && (
        <p className="authoring-map__note">
          <Trans>The map provider failed to load. Showing the offline map with borders and cities.</Trans>
        </p>
      )}
    </div>
  );
}
