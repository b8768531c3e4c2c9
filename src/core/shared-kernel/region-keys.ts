/**
 * Local storage keys of the stored region state: the region service writes what the server detects and what the
 * user picks by hand; the VIP purchase reads the hand-picked one to send with its calls.
 */
export const RegionKeys = {
  userArea: 'userArea',
  userAreaCode: 'userAreaCode',
  customAreaCode: 'customAreaCode',
  useCustomArea: 'useCustomArea',
  isMalaysia: 'isMalaysia',
} as const;
