// The headquarters library. Until the real material lands (branch library-material), the server
// installs the test fixture; the integrator replaces this file with the real `material`.
export { fixtureMaterial as material } from '../test-fixtures/material.js';
