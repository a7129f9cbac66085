/** The secrets a bench's production-mode server runs with: long and random, as production asks. */
export const BENCH_SECRETS = {
  SIGNING_SECRET: 'bench-signing-Rt5Wq9Lx2Mz7Kb4Nv8Hc1Yp6Gd3Js0Fa',
  FILE_TOKEN_SECRET: 'bench-file-token-Pk3Xn8Vw1Qz6Tc9Lr4Bm7Gy2Hs5Jd0E',
  SMDP_NOTIFY_TOKEN: 'bench-smdp-notify-Ug7Ld2Zq5Wn9Xr1Kc6Mv3Tb8Hp4Sy0F',
  SMDP_API_KEY: 'bench-smdp-api-key-0123',
} as const;
