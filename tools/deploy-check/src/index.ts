export { kustomize, KubectlError } from './kubectl.js';
export { describeObject, parseManifests, ManifestError, type KubeObject } from './manifests.js';
export { compareRenders, findOverlays, missingFrom } from './overlays.js';
export { ENVIRONMENTS, K8S_DIR, RENDERED_DIR, renderedFile, type Environment } from './paths.js';
export { readRendered, renderedHeader } from './rendered.js';
export { validateObjects } from './validate.js';
export { unknownFieldProblems } from './strict-fields.js';
