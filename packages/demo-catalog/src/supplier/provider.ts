/** The demo supplier's name: in logs and in every hotel's and room type's providerReference. */
export const PROVIDER = 'demo';
