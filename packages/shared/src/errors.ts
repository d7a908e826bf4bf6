/** Error messages shown to members, verbatim from SPEC §2 and §8. */
export const MESSAGES = {
  generic: 'Error while processing the request',
  canceled: 'Operation canceled by the user.',
  loginDefault: 'Oops! Login Error occurred, please try again later',
  signupDefault: 'Oops!Signup Error occurred, please try again later',
  getUserInfoDefault: 'Oops! Get User Info Error occurred, please try again later',
  updateUserInfoDefault: 'Oops! Update User Info Error occurred, please try again later',
  tokenRefreshFailed: 'Token refresh failed',
  somethingWrongTitle: 'Something went wrong',
  somethingWrongText:
    'There might be broken link or other issues might have caused this page to fail.',
  brokenLinkTitle: 'Oh no... a broken link!',
  brokenLinkText: "The data you're looking for seems to have gone missing",
} as const;

/** Messages the API itself answers with (ARCHITECTURE.md "API contract"). */
export const API_MESSAGES = {
  notFound: 'Not found.',
  malformedJson: 'Malformed JSON body.',
  methodNotAllowed: 'Method not allowed.',
  payloadTooLarge: 'Request body is too large.',
  unsupportedMediaType: 'Unsupported media type.',
  internal: 'Internal server error.',
  unauthenticated: 'Authentication credentials were not provided.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
} as const;
