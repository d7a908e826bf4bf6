export { bodyParsersPlugin } from './body-parsers';
export { gracefulClosePlugin } from './graceful-close';
export { helmetOptions, securityHeadersPlugin } from './security';
export { responseSerializerCompiler } from './response-serializer';
export { compressionOptions } from './compression';
