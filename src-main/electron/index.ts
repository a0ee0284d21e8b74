// The public entry of src-main/electron (docs/architecture.md): other layers import it only from here.
export { startElectronApp } from './main';
