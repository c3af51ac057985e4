import base from './eslint.config.js';
export default [...base, { settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'] }, rules: { 'import-x/no-cycle': 'error' } }];
