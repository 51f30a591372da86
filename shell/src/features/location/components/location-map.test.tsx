import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { LocationMap, mapStyleUrl } from './location-map';

type Handler = () => void;

class FakeMap {
  static instances: FakeMap[] = [];
  handlers: Record<string, Handler[]> = {};
  center = { lat: 0, lng: 0 };
  removed = false;
  constructor(readonly options: { center: [number, number]; style: string; container: HTMLElement }) {
    this.center = { lng: options.center[0], lat: options.center[1] };
    FakeMap.instances.push(this);
  }
  on(event: string, handler: Handler) {
    (this.handlers[event] ??= []).push(handler);
    return this;
  }
  emit(event: string) {
    for (const handler of this.handlers[event] ?? []) handler();
  }
  addControl() {
    return this;
  }
  getCenter() {
    return this.center;
  }
  getZoom() {
    return 15;
  }
  jumpTo({ center }: { center: [number, number] }) {
    this.center = { lng: center[0], lat: center[1] };
    this.emit('moveend');
  }
  remove() {
    this.removed = true;
  }
}

const mapboxgl = { accessToken: null as string | null, Map: FakeMap, NavigationControl: class {} };
jest.mock('mapbox-gl', () => ({ __esModule: true, default: mapboxgl }));

describe('LocationMap', () => {
  beforeEach(() => {
    FakeMap.instances = [];
    mapboxgl.accessToken = null;
  });

  it('loads mapbox-gl with the configured key and its stylesheet, centred where asked', async () => {
    const onCenterChange = jest.fn();
    const { unmount } = renderWithApp(
      <LocationMap token="pk.test-token" initialCenter={{ lat: 12.9716, lng: 77.5946 }} focus={null} onCenterChange={onCenterChange} />,
    );
    await waitFor(() => expect(FakeMap.instances).toHaveLength(1));
    const map = FakeMap.instances[0]!;
    expect(mapboxgl.accessToken).toBe('pk.test-token');
    expect(map.options).toMatchObject({ style: mapStyleUrl, center: [77.5946, 12.9716] });
    expect(map.options.container).toBe(screen.getByTestId('location-map'));
    expect(document.getElementById('mapbox-gl-css')).toHaveAttribute('rel', 'stylesheet');

    unmount();
    expect(map.removed).toBe(true);
  });

  it('reports the centre after the person moves the map, but not after a move it was told to make', async () => {
    const onCenterChange = jest.fn();
    function Harness() {
      const [focus, setFocus] = useState<{ lat: number; lng: number } | null>(null);
      return (
        <>
          <button type="button" onClick={() => setFocus({ lat: 12.97, lng: 77.64 })}>
            picked
          </button>
          <LocationMap token="pk.t" initialCenter={{ lat: 12.9716, lng: 77.5946 }} focus={focus} onCenterChange={onCenterChange} />
        </>
      );
    }
    renderWithApp(<Harness />);
    await waitFor(() => expect(FakeMap.instances).toHaveLength(1));
    const map = FakeMap.instances[0]!;

    act(() => {
      map.center = { lat: 12.98, lng: 77.6 };
      map.emit('moveend');
    });
    expect(onCenterChange).toHaveBeenCalledWith({ lat: 12.98, lng: 77.6 });

    onCenterChange.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'picked' }));
    expect(map.center).toEqual({ lat: 12.97, lng: 77.64 });
    expect(onCenterChange).not.toHaveBeenCalled();
  });

  it('keeps working, and says so, when the tiles fail to load', async () => {
    renderWithApp(<LocationMap token="pk.t" initialCenter={{ lat: 12.9716, lng: 77.5946 }} focus={null} onCenterChange={jest.fn()} />);
    await waitFor(() => expect(FakeMap.instances).toHaveLength(1));
    act(() => FakeMap.instances[0]!.emit('error'));
    expect(screen.getByText(/could not load all of its tiles/)).toBeInTheDocument();
    expect(screen.getByTestId('location-map')).toBeInTheDocument();
  });
});
