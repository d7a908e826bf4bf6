/** Every generated member signs in with this password (README says so). */
export const DEMO_PASSWORD = 'agora-demo-password';
