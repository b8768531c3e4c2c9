/**
 * Local storage keys of the stored region state: the region service writes what the server detects and what the
 * user picks by hand; the VIP purchase reads the hand-picked one to send with its calls.
 */
export const RegionKeys = {
  userArea: 'userArea',
  userAreaCode: 'userAreaCode',
  /** The region inside the country the server answered (GetUserRegion's state, e.g. 广东省); absent when none. */
  userAreaState: 'userAreaState',
  customAreaCode: 'customAreaCode',
  /** The region inside the hand-picked country (/countryStateList), as `GD 广东省`; absent when none. */
  customAreaState: 'customAreaState',
  useCustomArea: 'useCustomArea',
  isMalaysia: 'isMalaysia',
} as const;
