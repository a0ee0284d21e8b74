import { app, type Session, type WebContents } from 'electron';
import { isAllowedNavigation, windowOpenDecision, type NavigationOptions } from './navigation-policy';
import { isDevicePermissionGranted, isPermissionGranted } from './permissions';

/** Deny every permission request and check, every device chooser and every screen capture. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    callback(isPermissionGranted(permission, details.requestingUrl));
  });
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin) =>
    isPermissionGranted(permission, requestingOrigin),
  );
  session.setDevicePermissionHandler((details) => isDevicePermissionGranted(details.deviceType));
  session.setDisplayMediaRequestHandler((_request, callback) => callback(null));
  session.on('select-hid-device', (event, _details, callback) => {
    event.preventDefault();
    callback(null);
  });
  session.on('select-serial-port', (event, _portList, _webContents, callback) => {
    event.preventDefault();
    callback('');
  });
  session.on('select-usb-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  session.on('will-download', (event) => event.preventDefault());
}

/** Navigation, redirects, popups and <webview> are decided for every web contents ever created. */
export function hardenWebContents(contents: WebContents, options: NavigationOptions): void {
  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedNavigation(event.url, options)) {
      event.preventDefault();
      console.warn(`[uw] blocked navigation to ${event.url}`);
    }
  });
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url, options)) {
      event.preventDefault();
      console.warn(`[uw] blocked redirect to ${event.url}`);
    }
  });
  contents.setWindowOpenHandler((details) => {
    console.warn(`[uw] blocked window.open of ${details.url}`);
    return windowOpenDecision(details.url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function hardenAllWebContents(options: NavigationOptions): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, options));
}
