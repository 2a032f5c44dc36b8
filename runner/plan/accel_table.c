#include "plan/accel_table.h"

#include <string.h>

const char *const sm_accel_arches[] = {"x86_64", "aarch64", NULL};

/* Capabilities: as each library names them (hwflist, BOTAN_CLEAR_CPUID, NETTLE_FAT_OVERRIDE
 * names), else the architecture's (AT_HWCAP, CPUID). doc/engines.md says the same in prose. */
const SmAccelSwitch sm_accel_switches[] = {
    {"openssl", "x86_64", "OPENSSL_ia32cap=~0x200000200000000",
     "AES-NI PCLMULQDQ (first word); SSE3+, AVX2, AVX-512, SHA-NI, VAES (second word zeroed)",
     NULL},
    {"openssl", "aarch64", "OPENSSL_armcap=0",
     "NEON, ARMv8 AES, PMULL, SHA1, SHA256, SHA512, SHA3, SVE (every OPENSSL_armcap bit)", NULL},
    {"gcrypt", "x86_64", "gcry_control(GCRYCTL_DISABLE_HWF, \"all\")",
     "intel-aesni intel-pclmul intel-ssse3 intel-avx intel-avx2 intel-avx512 intel-shaext "
     "intel-vaes-vpclmul",
     NULL},
    {"gcrypt", "aarch64", "gcry_control(GCRYCTL_DISABLE_HWF, \"all\")",
     "arm-neon arm-aes arm-pmull arm-sha1 arm-sha2 arm-sha3 arm-sha512 arm-sm3 arm-sm4 arm-sve "
     "arm-sve2",
     NULL},
    {"nettle", "x86_64", "NETTLE_FAT_OVERRIDE=", "aesni pclmul sha_ni (fat-x86_64.c)", NULL},
    {"nettle", "aarch64", "NETTLE_FAT_OVERRIDE=", "aes pmull sha1 sha2 (fat-arm64.c)", NULL},
    {"gnutls", "x86_64", "GNUTLS_CPUID_OVERRIDE=0x1 NETTLE_FAT_OVERRIDE=",
     "AES-NI, PCLMUL, SSSE3, AVX, SHA-NI (GnuTLS's own code); Nettle's fat code beneath", NULL},
    {"gnutls", "aarch64", "GNUTLS_CPUID_OVERRIDE=0x1 NETTLE_FAT_OVERRIDE=",
     "ARMv8 AES, PMULL, SHA1, SHA2, NEON (GnuTLS's aarch64 code); Nettle's fat code beneath", NULL},
    {"nss", "x86_64",
     "NSS_DISABLE_HW_AES=1 NSS_DISABLE_PCLMUL=1 NSS_DISABLE_AVX=1 NSS_DISABLE_AVX2=1 "
     "NSS_DISABLE_SSSE3=1 NSS_DISABLE_SSE4_1=1 NSS_DISABLE_SSE4_2=1 NSS_DISABLE_HW_SHA=1",
     "AES-NI, PCLMUL, AVX, AVX2, SSSE3, SSE4.1, SSE4.2, SHA-NI (freebl)", NULL},
    {"nss", "aarch64",
     "NSS_DISABLE_HW_AES=1 NSS_DISABLE_PCLMUL=1 NSS_DISABLE_AVX=1 NSS_DISABLE_AVX2=1 "
     "NSS_DISABLE_SSSE3=1 NSS_DISABLE_SSE4_1=1 NSS_DISABLE_SSE4_2=1 NSS_DISABLE_HW_SHA=1",
     "ARMv8 AES only (freebl's Arm names NSS_DISABLE_PMULL, _HW_SHA1, _HW_SHA2, _ARM_NEON are not "
     "set: PMULL, SHA-1/2 and NEON stay on)",
     NULL},
    {"botan", "x86_64",
     "BOTAN_CLEAR_CPUID=sse2,ssse3,avx2,... (Botan 3); CPUID::clear_cpuid_bit (Botan 2)",
     "sse2 ssse3 avx2 bmi2 adx aes_ni clmul rdrand rdseed intel_sha intel_sha512 avx2_vaes "
     "avx2_clmul avx512 avx512_aes avx512_clmul gfni intel_sm3 intel_sm4",
     NULL},
    {"botan", "aarch64",
     "BOTAN_CLEAR_CPUID=neon,arm_aes,arm_pmull,... (Botan 3); CPUID::clear_cpuid_bit (Botan 2)",
     "neon arm_sve arm_aes arm_pmull arm_sha1 arm_sha2 arm_sha3 arm_sha2_512 arm_sm3 arm_sm4",
     NULL},
    {"kcapi", "x86_64", "the kernel's generic driver by name (\"cbc(aes-generic)\")",
     "aesni_intel, ghash-clmulni, sha256-ni/avx2 drivers", NULL},
    {"kcapi", "aarch64", "the kernel's generic driver by name (\"cbc(aes-generic)\")",
     "aes-ce, ghash-ce, sha2-ce drivers", NULL},
    {"bearssl", "x86_64", "the portable implementations, chosen in code (br_aes_ct64, ...)",
     "AES-NI, PCLMULQDQ, SSE2 (br_aes_x86ni, br_ghash_pclmul, br_chacha20_sse2)", NULL},
    {"bearssl", "aarch64", "the portable implementations, chosen in code (br_aes_ct64, ...)",
     "none: BearSSL has x86 and POWER8 code only, so both settings run the same portable code",
     NULL},
    {"cryptopp", "x86_64", "Crypto++'s g_has* CPU flags cleared in code",
     "SSE2, SSSE3, SSE4.1/4.2, MOVBE, AES-NI, CLMUL, AVX, AVX2, SHA, ADX, RDRAND, RDSEED", NULL},
    {"cryptopp", "aarch64", NULL, "NEON, AES, PMULL, SHA1, SHA2 (g_hasAES, g_hasPMULL, ...)",
     "the engine clears Crypto++'s x86 CPU flags only"},
    {"sodium", "x86_64", NULL, "AES-NI, PCLMUL, SSSE3, AVX2, AVX-512F",
     "libsodium has no switch to disable its run-time CPU dispatch"},
    {"sodium", "aarch64", NULL, "NEON, ARMv8 AES (crypto_aead_aes256gcm)",
     "libsodium has no switch to disable its run-time CPU dispatch"},
    {"mbedtls", "x86_64", NULL, "AES-NI, PCLMULQDQ",
     "no run-time switch: the CPUID answer is cached in a static (a build without "
     "MBEDTLS_AESNI_C turns it off)"},
    {"mbedtls", "aarch64", NULL, "ARMv8 AES (MBEDTLS_AESCE_C, 3.x)",
     "no run-time switch: chosen when the library was built"},
    {"wolfssl", "x86_64", NULL, "AES-NI, AVX1/AVX2 (WOLFSSL_AESNI, USE_INTEL_SPEEDUP)",
     "no run-time switch: chosen when the library was built"},
    {"wolfssl", "aarch64", NULL, "ARMv8 AES, PMULL, SHA2 (WOLFSSL_ARMASM)",
     "no run-time switch: chosen when the library was built"},
    {"tomcrypt", "x86_64", NULL, "none (1.18 has no AES-NI descriptor)",
     "libtomcrypt has no accelerated code to turn off, as built"},
    {"tomcrypt", "aarch64", NULL, "none", "libtomcrypt has no accelerated code to turn off"},
    {"glib", "x86_64", NULL, "none", "GLib's checksums are portable C"},
    {"glib", "aarch64", NULL, "none", "GLib's checksums are portable C"},
};
const gsize sm_accel_switch_count = G_N_ELEMENTS(sm_accel_switches);

const SmAccelSwitch *sm_accel_switch_find(const char *engine, const char *arch)
{
  for (gsize i = 0; i < sm_accel_switch_count; i++)
    if (strcmp(sm_accel_switches[i].engine, engine) == 0 &&
        strcmp(sm_accel_switches[i].arch, arch) == 0)
      return &sm_accel_switches[i];
  return NULL;
}
