/**
 * Permission policy for every session: the workstation needs no browser permission (camera,
 * microphone, geolocation, notifications, clipboard-read, media, midi, HID, serial, USB,
 * fullscreen requests from content, ...). Everything is denied, both for requests
 * (setPermissionRequestHandler) and for synchronous checks (setPermissionCheckHandler).
 * A future need gets an explicit, tested allow-list entry here.
 */
export function isPermissionGranted(_permission: string, _requestingUrl?: string): boolean {
  return false;
}

/** Device chooser requests (WebHID, WebUSB, Web Serial, Bluetooth): never select a device. */
export function isDevicePermissionGranted(_deviceType: string): boolean {
  return false;
}
