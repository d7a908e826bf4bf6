/** The common feature's public API: the country field (with "Use my location") for forms. */
export { CountryField } from './components/country-field';
