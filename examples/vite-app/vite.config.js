// Relative asset URLs: the built app works from any folder of any static host.
export default { base: './', worker: { format: 'es' } };
