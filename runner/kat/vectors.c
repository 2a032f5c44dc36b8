/* Known-answer vectors. Every row is copied from the published source named in its
 * `source`; those files (or excerpts of them) are under tests/vectors/, listed in
 * tests/vectors/README.md, and tests/test-kat-sources.c checks that every hex field of
 * every row occurs in the file its row names. The few fields a source does not hold
 * verbatim (the zero IV of a single-block ECB vector, RSA CRT parts computed from n, e
 * and d, a ChaCha20 counter given in decimal, a 3DES key given as three parts) are
 * listed with the reason in that test. */
#include "kat/kat.h"

#include <stddef.h>

const SmKatVector sm_kat_vectors[] = {
    {
        .algorithm = "aes-128-cbc",
        .source = "NIST CAVS AESVS MMT CBC-128 [ENCRYPT] COUNT = 0; "
                  "tests/vectors/ciphers/AES/CBC/CBCMMT128.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "1f8e4973953f3fb0bd6b16662e9a3c17",
        .iv = "2fe2b333ceda8f98f4a99b40d2cd34a8",
        .in = "45cf12964fc824ab76616ae2f4bf0822",
        .out = "0f61c4d44c5147c03c195ad7e2cc12b2",
    },
    {
        .algorithm = "aes-128-cbc",
        .source = "NIST CAVS AESVS MMT CBC-128 [ENCRYPT] COUNT = 2; "
                  "tests/vectors/ciphers/AES/CBC/CBCMMT128.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "3348aa51e9a45c2dbe33ccc47f96e8de",
        .iv = "19153c673160df2b1d38c28060e59b96",
        .in = "9b7cee827a26575afdbb7c7a329f887238052e3601a7917456ba61251c214763d5e1847a6ad5d54127a3"
              "99ab07ee3599",
        .out =
            "d5aed6c9622ec451a15db12819952b6752501cf05cdbf8cda34a457726ded97818e1f127a28d72db5652"
            "749f0c6afee5",
    },
    {
        .algorithm = "aes-192-cbc",
        .source = "NIST CAVS AESVS MMT CBC-192 [ENCRYPT] COUNT = 0; "
                  "tests/vectors/ciphers/AES/CBC/CBCMMT192.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "ba75f4d1d9d7cf7f551445d56cc1a8ab2a078e15e049dc2c",
        .iv = "531ce78176401666aa30db94ec4a30eb",
        .in = "c51fc276774dad94bcdc1d2891ec8668",
        .out = "70dd95a14ee975e239df36ff4aee1d5d",
    },
    {
        .algorithm = "aes-192-cbc",
        .source = "NIST CAVS AESVS MMT CBC-192 [ENCRYPT] COUNT = 2; "
                  "tests/vectors/ciphers/AES/CBC/CBCMMT192.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "16c93bb398f1fc0cf6d68fc7a5673cdf431fa147852b4a2d",
        .iv = "eaaeca2e07ddedf562f94df63f0a650f",
        .in = "c5ce958613bf741718c17444484ebaf1050ddcacb59b9590178cbe69d7ad7919608cb03af13bbe04f350"
              "6b718a301ea0",
        .out =
            "ed6a50e0c6921d52d6647f75d67b4fd56ace1fedb8b5a6a997b4d131640547d22c5d884a75e6752b5846"
            "b5b33a5181f4",
    },
    {
        .algorithm = "aes-256-cbc",
        .source = "NIST CAVS AESVS MMT CBC-256 [ENCRYPT] COUNT = 0; "
                  "tests/vectors/ciphers/AES/CBC/CBCMMT256.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "6ed76d2d97c69fd1339589523931f2a6cff554b15f738f21ec72dd97a7330907",
        .iv = "851e8764776e6796aab722dbb644ace8",
        .in = "6282b8c05c5c1530b97d4816ca434762",
        .out = "6acc04142e100a65f51b97adf5172c41",
    },
    {
        .algorithm = "aes-256-cbc",
        .source = "NIST CAVS AESVS MMT CBC-256 [ENCRYPT] COUNT = 2; "
                  "tests/vectors/ciphers/AES/CBC/CBCMMT256.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "fe8901fecd3ccd2ec5fdc7c7a0b50519c245b42d611a5ef9e90268d59f3edf33",
        .iv = "bd416cb3b9892228d8f1df575692e4d0",
        .in = "8d3aa196ec3d7c9b5bb122e7fe77fb1295a6da75abe5d3a510194d3a8a4157d5c89d40619716619859da"
              "3ec9b247ced9",
        .out =
            "608e82c7ab04007adb22e389a44797fed7de090c8c03ca8a2c5acd9e84df37fbc58ce8edb293e98f02b6"
            "40d6d1d72464",
    },
    {
        .algorithm = "aes-128-ctr",
        .source = "RFC 3686 section 6 AES-CTR test vector, COUNT = 0; "
                  "tests/vectors/ciphers/AES/CTR/aes-128-ctr.txt",
        .op = SM_OP_ENCRYPT,
        .key = "ae6852f8121067cc4bf7a5765577f39e",
        .iv = "00000030000000000000000000000001",
        .in = "53696e676c6520626c6f636b206d7367",
        .out = "e4095d4fb7a7b3792d6175a3261311b8",
    },
    {
        .algorithm = "aes-128-ctr",
        .source = "RFC 3686 section 6 AES-CTR test vector, COUNT = 2; "
                  "tests/vectors/ciphers/AES/CTR/aes-128-ctr.txt",
        .op = SM_OP_ENCRYPT,
        .key = "7691be035e5020a8ac6e618529f9a0dc",
        .iv = "00e0017b27777f3f4a1786f000000001",
        .in = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20212223",
        .out = "c1cf48a89f2ffdd9cf4652e9efdb72d74540a42bde6d7836d59a5ceaaef3105325b2072f",
    },
    {
        .algorithm = "aes-192-ctr",
        .source = "RFC 3686 section 6 AES-CTR test vector, COUNT = 0; "
                  "tests/vectors/ciphers/AES/CTR/aes-192-ctr.txt",
        .op = SM_OP_ENCRYPT,
        .key = "16af5b145fc9f579c175f93e3bfb0eed863d06ccfdb78515",
        .iv = "0000004836733c147d6d93cb00000001",
        .in = "53696e676c6520626c6f636b206d7367",
        .out = "4b55384fe259c9c84e7935a003cbe928",
    },
    {
        .algorithm = "aes-192-ctr",
        .source = "RFC 3686 section 6 AES-CTR test vector, COUNT = 2; "
                  "tests/vectors/ciphers/AES/CTR/aes-192-ctr.txt",
        .op = SM_OP_ENCRYPT,
        .key = "02bf391ee8ecb159b959617b0965279bf59b60a786d3e0fe",
        .iv = "0007bdfd5cbd60278dcc091200000001",
        .in = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20212223",
        .out = "96893fc55e5c722f540b7dd1ddf7e758d288bc95c69165884536c811662f2188abee0935",
    },
    {
        .algorithm = "aes-256-ctr",
        .source = "RFC 3686 section 6 AES-CTR test vector, COUNT = 0; "
                  "tests/vectors/ciphers/AES/CTR/aes-256-ctr.txt",
        .op = SM_OP_ENCRYPT,
        .key = "776beff2851db06f4c8a0542c8696f6c6a81af1eec96b4d37fc1d689e6c1c104",
        .iv = "00000060db5672c97aa8f0b200000001",
        .in = "53696e676c6520626c6f636b206d7367",
        .out = "145ad01dbf824ec7560863dc71e3e0c0",
    },
    {
        .algorithm = "aes-256-ctr",
        .source = "RFC 3686 section 6 AES-CTR test vector, COUNT = 2; "
                  "tests/vectors/ciphers/AES/CTR/aes-256-ctr.txt",
        .op = SM_OP_ENCRYPT,
        .key = "ff7a617ce69148e4f1726e2f43581de2aa62d9f805532edff1eed687fb54153d",
        .iv = "001cc5b751a51d70a1c1114800000001",
        .in = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20212223",
        .out = "eb6c52821d0bbbf7ce7594462aca4faab407df866569fd07f48cc0b583d6071f1ec0e6b8",
    },
    {
        .algorithm = "aes-128-xts",
        .source = "NIST CAVS XTSGenAES128 [ENCRYPT] COUNT = 1, DataUnitLen = 128; "
                  "tests/vectors/ciphers/AES/XTS/tweak-128hexstr/XTSGenAES128.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "a1b90cba3f06ac353b2c343876081762090923026e91771815f29dab01932f2f",
        .iv = "4faef7117cda59c66e4b92013e768ad5",
        .in = "ebabce95b14d3c8d6fb350390790311c",
        .out = "778ae8b43cb98d5a825081d5be471c63",
    },
    {
        .algorithm = "aes-128-xts",
        .source = "NIST CAVS XTSGenAES128 [ENCRYPT] COUNT = 101, DataUnitLen = 256; "
                  "tests/vectors/ciphers/AES/XTS/tweak-128hexstr/XTSGenAES128.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "b7b93f516aef295eff3a29d837cf1f135347e8a21dae616ff5062b2e8d78ce5e",
        .iv = "873edea653b643bd8bcf51403197ed14",
        .in = "236f8a5b58dd55f6194ed70c4ac1a17f1fe60ec9a6c454d087ccb77d6b638c47",
        .out = "22e6a3c6379dcf7599b052b5a749c7f78ad8a11b9f1aa9430cf3aef445682e19",
    },
    {
        .algorithm = "aes-256-xts",
        .source = "NIST CAVS XTSGenAES256 [ENCRYPT] COUNT = 1, DataUnitLen = 256; "
                  "tests/vectors/ciphers/AES/XTS/tweak-128hexstr/XTSGenAES256.rsp",
        .op = SM_OP_ENCRYPT,
        .key =
            "1ea661c58d943a0e4801e42f4b0947149e7f9f8e3e68d0c7505210bd311a0e7cd6e13ffdf2418d8d1911"
            "c004cda58da3d619b7e2b9141e58318eea392cf41b08",
        .iv = "adf8d92627464ad2f0428e84a9f87564",
        .in = "2eedea52cd8215e1acc647e810bbc3642e87287f8d2e57e36c0a24fbc12a202e",
        .out = "cbaad0e2f6cea3f50b37f934d46a9b130b9d54f07e34f36af793e86f73c6d7db",
    },
    {
        .algorithm = "aes-256-xts",
        .source = "NIST CAVS XTSGenAES256 [ENCRYPT] COUNT = 101, DataUnitLen = 384; "
                  "tests/vectors/ciphers/AES/XTS/tweak-128hexstr/XTSGenAES256.rsp",
        .op = SM_OP_ENCRYPT,
        .key =
            "266c336b3b01489f3267f52835fd92f674374b88b4e1ebd2d36a5f457581d9d042c3eef7b0b7e5137b08"
            "6496b4d9e6ac658d7196a23f23f036172fdb8faee527",
        .iv = "06b209a7a22f486ecbfadb0f3137ba42",
        .in = "ca7d65ef8d3dfad345b61ccddca1ad81de830b9e86c7b426d76cb7db766852d981c6b21409399d78f42c"
              "c0b33a7bbb06",
        .out =
            "c73256870cc2f4dd57acc74b5456dbd776912a128bc1f77d72cdebbf270044b7a43ceed29025e1e8be21"
            "1fa3c3ed002d",
    },
    {
        .algorithm = "chacha20",
        .source =
            "RFC 7539 (= RFC 8439) appendix A.2 test vector #2, COUNT = 1, iv = "
            "LE32(INITIAL_BLOCK_COUNTER = 1) || NONCE; tests/vectors/ciphers/ChaCha20/rfc7539.txt",
        .op = SM_OP_ENCRYPT,
        .key = "0000000000000000000000000000000000000000000000000000000000000001",
        .iv = "01000000000000000000000000000002",
        .in = "416e79207375626d697373696f6e20746f20746865204945544620696e74656e64656420627920746865"
              "20436f6e7472696275746f7220666f72207075626c69636174696f6e20617320616c6c206f7220706172"
              "74206f6620616e204945544620496e7465726e65742d4472616674206f722052464320616e6420616e79"
              "2073746174656d656e74206d6164652077697468696e2074686520636f6e74657874206f6620616e2049"
              "45544620616374697669747920697320636f6e7369646572656420616e20224945544620436f6e747269"
              "627574696f6e222e20537563682073746174656d656e747320696e636c756465206f72616c2073746174"
              "656d656e747320696e20494554462073657373696f6e732c2061732077656c6c20617320777269747465"
              "6e20616e6420656c656374726f6e696320636f6d6d756e69636174696f6e73206d61646520617420616e"
              "792074696d65206f7220706c6163652c207768696368206172652061646472657373656420746f",
        .out =
            "a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec2a97948bd3722915c8f3"
            "d337f7d370050e9e96d647b7c39f56e031ca5eb6250d4042e02785ececfa4b4bb5e8ead0440e20b6e8db"
            "09d881a7c6132f420e52795042bdfa7773d8a9051447b3291ce1411c680465552aa6c405b7764d5e87be"
            "a85ad00f8449ed8f72d0d662ab052691ca66424bc86d2df80ea41f43abf937d3259dc4b2d0dfb48a6c91"
            "39ddd7f76966e928e635553ba76c5c879d7b35d49eb2e62b0871cdac638939e25e8a1e0ef9d5280fa8ca"
            "328b351c3c765989cbcf3daa8b6ccc3aaf9f3979c92b3720fc88dc95ed84a1be059c6499b9fda236e7e8"
            "18b04b0bc39c1e876b193bfe5569753f88128cc08aaa9b63d1a16f80ef2554d7189c411f5869ca52c5b8"
            "3fa36ff216b9c1d30062bebcfd2dc5bce0911934fda79a86f6e698ced759c3ff9b6477338f3da4f9cd85"
            "14ea9982ccafb341b2384dd902f3d1ab7ac61dd29c6f21ba5b862f3730e37cfdc4fd806c22f221",
    },
    {
        .algorithm = "chacha20",
        .source = "RFC 7539 (= RFC 8439) appendix A.2 test vector #3, COUNT = 2, iv = "
                  "LE32(INITIAL_BLOCK_COUNTER = 42) || NONCE; "
                  "tests/vectors/ciphers/ChaCha20/rfc7539.txt",
        .op = SM_OP_ENCRYPT,
        .key = "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
        .iv = "2a000000000000000000000000000002",
        .in = "2754776173206272696c6c69672c20616e642074686520736c6974687920746f7665730a446964206779"
              "726520616e642067696d626c6520696e2074686520776162653a0a416c6c206d696d7379207765726520"
              "74686520626f726f676f7665732c0a416e6420746865206d6f6d65207261746873206f75746772616265"
              "2e",
        .out =
            "62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf166d3df2d721caf9b21e"
            "5fb14c616871fd84c54f9d65b283196c7fe4f60553ebf39c6402c42234e32a356b3e764312a61a553205"
            "5716ead6962568f87d3f3f7704c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188"
            "d1",
    },
    {
        .algorithm = "camellia-128-cbc",
        .source = "OpenSSL Camellia CBC vectors (CBC-CAMELLIA128), COUNT = 0; "
                  "tests/vectors/ciphers/Camellia/camellia-cbc.txt",
        .op = SM_OP_ENCRYPT,
        .key = "2b7e151628aed2a6abf7158809cf4f3c",
        .iv = "000102030405060708090a0b0c0d0e0f",
        .in = "6bc1bee22e409f96e93d7e117393172a",
        .out = "1607cf494b36bbf00daeb0b503c831ab",
    },
    {
        .algorithm = "twofish-cbc",
        .source = "Twofish paper (Schneier et al. 1998) appendix B.2 ecb_tbl.txt KEYSIZE=128 I=3 "
                  "(single-block ECB vector = CBC with an all-zero IV); "
                  "tests/vectors/papers/twofish-ecb_tbl.txt",
        .op = SM_OP_ENCRYPT,
        .key = "9f589f5cf6122c32b6bfec2f2ae8c35a",
        .iv = "00000000000000000000000000000000",
        .in = "d491db16e7b1c39e86cb086b789f5419",
        .out = "019f9809de1711858faac3a3ba20fbc3",
    },
    {
        .algorithm = "twofish-cbc",
        .source = "Twofish paper (Schneier et al. 1998) appendix B.2 ecb_tbl.txt KEYSIZE=128 I=4 "
                  "(single-block ECB vector = CBC with an all-zero IV); "
                  "tests/vectors/papers/twofish-ecb_tbl.txt",
        .op = SM_OP_ENCRYPT,
        .key = "d491db16e7b1c39e86cb086b789f5419",
        .iv = "00000000000000000000000000000000",
        .in = "019f9809de1711858faac3a3ba20fbc3",
        .out = "6363977de839486297e661c6c9d668eb",
    },
    {
        .algorithm = "serpent-cbc",
        .source =
            "NESSIE Serpent 128-bit test vectors, Set 4 vector# 0 (single-block ECB vector = CBC "
            "with an all-zero IV); tests/vectors/papers/serpent-nessie-set4.txt",
        .op = SM_OP_ENCRYPT,
        .key = "000102030405060708090a0b0c0d0e0f",
        .iv = "00000000000000000000000000000000",
        .in = "00112233445566778899aabbccddeeff",
        .out = "563e2cf8740a27c164804560391e9b27",
    },
    {
        .algorithm = "serpent-cbc",
        .source =
            "NESSIE Serpent 128-bit test vectors, Set 4 vector# 1 (single-block ECB vector = CBC "
            "with an all-zero IV); tests/vectors/papers/serpent-nessie-set4.txt",
        .op = SM_OP_ENCRYPT,
        .key = "2bd6459f82c5b300952c49104881ff48",
        .iv = "00000000000000000000000000000000",
        .in = "ea024714ad5c4d84ea024714ad5c4d84",
        .out = "92d7f8ef2c36c53409f275902f06539f",
    },
    {
        .algorithm = "sm4-cbc",
        .source = "draft-ribose-cfrg-sm4-10 A.2.2.1 (GB/T 32907) SM4-CBC, COUNT = 0; "
                  "tests/vectors/ciphers/SM4/draft-ribose-cfrg-sm4-10-cbc.txt",
        .op = SM_OP_ENCRYPT,
        .key = "0123456789abcdeffedcba9876543210",
        .iv = "000102030405060708090a0b0c0d0e0f",
        .in = "aaaaaaaabbbbbbbbccccccccddddddddeeeeeeeeffffffffaaaaaaaabbbbbbbb",
        .out = "78ebb11cc40b0a48312aaeb2040244cb4cb7016951909226979b0d15dc6a8f6d",
    },
    {
        .algorithm = "sm4-cbc",
        .source = "GB/T 32907-2016 example 1 via draft-ribose-cfrg-sm4-10 A.1.1, COUNT = 0 "
                  "(single-block ECB vector = CBC with an all-zero IV); "
                  "tests/vectors/ciphers/SM4/draft-ribose-cfrg-sm4-10-ecb.txt",
        .op = SM_OP_ENCRYPT,
        .key = "0123456789abcdeffedcba9876543210",
        .iv = "00000000000000000000000000000000",
        .in = "0123456789abcdeffedcba9876543210",
        .out = "681edf34d206965e86b3e94f536e4246",
    },
    {
        .algorithm = "cast5-cbc",
        .source = "pyca CAST5-CBC vectors (from the AESVS MMT inputs), COUNT = 0; "
                  "tests/vectors/ciphers/CAST5/cast5-cbc.txt",
        .op = SM_OP_ENCRYPT,
        .key = "1f8e4973953f3fb0bd6b16662e9a3c17",
        .iv = "2fe2b333ceda8f98",
        .in = "45cf12964fc824ab76616ae2f4bf0822",
        .out = "327c198b9d0a59456a2194bd21fc3ff0",
    },
    {
        .algorithm = "cast5-cbc",
        .source = "pyca CAST5-CBC vectors (from the AESVS MMT inputs), COUNT = 2; "
                  "tests/vectors/ciphers/CAST5/cast5-cbc.txt",
        .op = SM_OP_ENCRYPT,
        .key = "3348aa51e9a45c2dbe33ccc47f96e8de",
        .iv = "19153c673160df2b",
        .in = "9b7cee827a26575afdbb7c7a329f887238052e3601a7917456ba61251c214763d5e1847a6ad5d54127a3"
              "99ab07ee3599",
        .out =
            "3c033e10fad0c4ce1e62e2a91488090947c5e0ac0dd5f55c1b15b0b02fa7cfd20f61b02d67ea9f326c54"
            "75447dee69bf",
    },
    {
        .algorithm = "cast5-cbc",
        .source =
            "RFC 2144 appendix B.1 128-bit key, COUNT = 0 (single-block ECB vector = CBC with an "
            "all-zero IV); tests/vectors/ciphers/CAST5/cast5-ecb.txt",
        .op = SM_OP_ENCRYPT,
        .key = "0123456712345678234567893456789a",
        .iv = "0000000000000000",
        .in = "0123456789abcdef",
        .out = "238b4fe5847e44b2",
    },
    {
        .algorithm = "bf-cbc",
        .source = "Schneier's Blowfish CBC test vector, COUNT = 0; "
                  "tests/vectors/ciphers/Blowfish/bf-cbc.txt",
        .op = SM_OP_ENCRYPT,
        .key = "0123456789abcdeff0e1d2c3b4a59687",
        .iv = "fedcba9876543210",
        .in = "37363534333231204e6f77206973207468652074696d6520666f722000000000",
        .out = "6b77b4d63006dee605b156e27403979358deb9e7154616d959f1652bd5ff92cc",
    },
    {
        .algorithm = "bf-cbc",
        .source =
            "Schneier's Blowfish set_key vector with the 16-byte key, COUNT = 49 (single-block "
            "ECB vector = CBC with an all-zero IV); tests/vectors/ciphers/Blowfish/bf-ecb.txt",
        .op = SM_OP_ENCRYPT,
        .key = "f0e1d2c3b4a5968778695a4b3c2d1e0f",
        .iv = "0000000000000000",
        .in = "fedcba9876543210",
        .out = "93142887ee3be15c",
    },
    {
        .algorithm = "idea-cbc",
        .source = "pyca IDEA-CBC vectors (from the AESVS MMT inputs), COUNT = 0; "
                  "tests/vectors/ciphers/IDEA/idea-cbc.txt",
        .op = SM_OP_ENCRYPT,
        .key = "1f8e4973953f3fb0bd6b16662e9a3c17",
        .iv = "2fe2b333ceda8f98",
        .in = "45cf12964fc824ab76616ae2f4bf0822",
        .out = "2cb10d22ac22a375c0021ab6732936c1",
    },
    {
        .algorithm = "idea-cbc",
        .source = "pyca IDEA-CBC vectors (from the AESVS MMT inputs), COUNT = 2; "
                  "tests/vectors/ciphers/IDEA/idea-cbc.txt",
        .op = SM_OP_ENCRYPT,
        .key = "3348aa51e9a45c2dbe33ccc47f96e8de",
        .iv = "19153c673160df2b",
        .in = "9b7cee827a26575afdbb7c7a329f887238052e3601a7917456ba61251c214763d5e1847a6ad5d54127a3"
              "99ab07ee3599",
        .out =
            "09738cbc8c7764dd63206892eca29fbc3a67f7fe44ded6b128a0350426776ea71d0c9a1b6d627e1e3d01"
            "4837dd82f11a",
    },
    {
        .algorithm = "rc2-cbc",
        .source =
            "RFC 2268 section 5, 16-byte key, 128 effective key bits (single-block ECB vector = "
            "CBC with an all-zero IV); tests/vectors/rfc/rfc2268-section5.txt",
        .op = SM_OP_ENCRYPT,
        .key = "88bca90e90875a7f0f79c384627bafb2",
        .iv = "0000000000000000",
        .in = "0000000000000000",
        .out = "2269552ab0f85ca6",
    },
    {
        .algorithm = "rc2-cbc",
        .source = "pyca/cryptography RC2-CBC vector (128-bit key, 128 effective bits), COUNT = 0; "
                  "tests/vectors/ciphers/RC2/rc2-cbc.txt",
        .op = SM_OP_ENCRYPT,
        .key = "30303030303030303030303030303030",
        .iv = "3030303030303030",
        .in = "74686520717569636b2062726f776e20666f78206a756d706564206f76657220746865206c617a792064"
              "6f6721212121",
        .out =
            "5b886175cdbb0161badf64936b8ee4cb8f4b75fc28833f61668bb2bea88cfd32c410ac7ec016c5028f75"
            "078a88968887",
    },
    {
        .algorithm = "des-cbc",
        .source =
            "NIST CAVS TDES MMT CBC [ENCRYPT] COUNT = 0, KEY1 = KEY2 = KEY3, which is single DES; "
            "tests/vectors/ciphers/3DES/CBC/TCBCMMT1.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "a4e319510bef76ea",
        .iv = "679fdbee166c2e0a",
        .in = "36926e3a2720ea9f",
        .out = "c108c0e25ee81ea3",
    },
    {
        .algorithm = "des-cbc",
        .source =
            "NIST CAVS TDES MMT CBC [ENCRYPT] COUNT = 2, KEY1 = KEY2 = KEY3, which is single DES; "
            "tests/vectors/ciphers/3DES/CBC/TCBCMMT1.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "989dd9341aec9efd",
        .iv = "1dad342c0fb3c9b1",
        .in = "aafe7854d34e6730899599c879dcc28ea0397361b2a19d01",
        .out = "69ceb8567acbac1b47d91802a235c4e9e4d0af894c533759",
    },
    {
        .algorithm = "des-ede3-cbc",
        .source = "NIST CAVS TDES MMT CBC [ENCRYPT] COUNT = 0, key = KEY1||KEY2||KEY3; "
                  "tests/vectors/ciphers/3DES/CBC/TCBCMMT3.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "b5cb1504802326c73df186e3e352a20de643b0d63ee30e37",
        .iv = "43f791134c5647ba",
        .in = "dcc153cef81d6f24",
        .out = "92538bd8af18d3ba",
    },
    {
        .algorithm = "des-ede3-cbc",
        .source = "NIST CAVS TDES MMT CBC [ENCRYPT] COUNT = 2, key = KEY1||KEY2||KEY3; "
                  "tests/vectors/ciphers/3DES/CBC/TCBCMMT3.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "1a5d4c0825072a15a8ad9dfdaeda8c048adffb85bc4fced0",
        .iv = "7fcfa736f7548b6f",
        .in = "983c3edacd939406010e1bc6ff9e12320ac5008117fa8f84",
        .out = "d84fa24f38cf451ca2c9adc960120bd8ff9871584fe31cee",
    },
    {
        .algorithm = "rc4",
        .source = "RFC 6229 section 2, 128-bit key, keystream at offset 0; "
                  "tests/vectors/ciphers/ARC4/rfc-6229-128.txt",
        .op = SM_OP_ENCRYPT,
        .key = "0102030405060708090a0b0c0d0e0f10",
        .in = "00000000000000000000000000000000",
        .out = "9ac7cc9a609d1ef7b2932899cde41b97",
    },
    {
        .algorithm = "aes-128-ccm",
        .source = "NIST CAVS CCM DVPT128 [Alen = 32, Plen = 24, Nlen = 13, Tlen = 16] Count = 225 "
                  "(Result = Pass); tests/vectors/ciphers/AES/CCM/DVPT128.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "26511fb51fcfa75cb4b44da75a6e5a0e",
        .iv = "5a8aa485c316e9403aff859fbb",
        .aad = "a16a2e741f1cd9717285b6d882c1fc53655e9773761ad697a7ee6410184c7982",
        .in = "8739b4bea1a099fe547499cbc6d1b13d849b8084c9b6acc5",
        .out = "50038b5fdd364ee747b70d00bd36840ece4ea19998123375",
        .tag = "c0a458bfcafa3b2609afe0f825cbf503",
    },
    {
        .algorithm = "aes-256-ccm",
        .source = "NIST CAVS CCM DVPT256 [Alen = 32, Plen = 24, Nlen = 13, Tlen = 16] Count = 225 "
                  "(Result = Pass); tests/vectors/ciphers/AES/CCM/DVPT256.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "314a202f836f9f257e22d8c11757832ae5131d357a72df88f3eff0ffcee0da4e",
        .iv = "a544218dadd3c10583db49cf39",
        .aad = "3c0e2815d37d844f7ac240ba9d6e3a0b2a86f706e885959e09a1005e024f6907",
        .in = "e8de970f6ee8e80ede933581b5bcf4d837e2b72baa8b00c3",
        .out = "8d34cdca37ce77be68f65baf3382e31efa693e63f914a781",
        .tag = "367f30f2eaad8c063ca50795acd90203",
    },
    {
        .algorithm = "aes-128-gcm",
        .source =
            "NIST CAVS gcmEncryptExtIV128 [IVlen = 96][PTlen = 128][AADlen = 128][Taglen = 128] "
            "COUNT = 0; tests/vectors/ciphers/AES/GCM/gcmEncryptExtIV128.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "c939cc13397c1d37de6ae0e1cb7c423c",
        .iv = "b3d8cc017cbb89b39e0f67e2",
        .aad = "24825602bd12a984e0092d3e448eda5f",
        .in = "c3b3c41f113a31b73d9a5cd432103069",
        .out = "93fe7d9e9bfd10348a5606e5cafa7354",
        .tag = "0032a1dc85f1c9786925a2e71d8272dd",
    },
    {
        .algorithm = "aes-128-gcm",
        .source =
            "NIST CAVS gcmEncryptExtIV128 [IVlen = 96][PTlen = 408][AADlen = 160][Taglen = 128] "
            "COUNT = 0; tests/vectors/ciphers/AES/GCM/gcmEncryptExtIV128.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "fe47fcce5fc32665d2ae399e4eec72ba",
        .iv = "5adb9609dbaeb58cbd6e7275",
        .aad = "88319d6e1d3ffa5f987199166c8a9b56c2aeba5a",
        .in = "7c0e88c88899a779228465074797cd4c2e1498d259b54390b85e3eef1c02df60e743f1b840382c4bccaf"
              "3bafb4ca8429bea063",
        .out =
            "98f4826f05a265e6dd2be82db241c0fbbbf9ffb1c173aa83964b7cf5393043736365253ddbc5db877837"
            "1495da76d269e5db3e",
        .tag = "291ef1982e4defedaa2249f898556b47",
    },
    {
        .algorithm = "aes-192-gcm",
        .source =
            "NIST CAVS gcmEncryptExtIV192 [IVlen = 96][PTlen = 128][AADlen = 128][Taglen = 128] "
            "COUNT = 0; tests/vectors/ciphers/AES/GCM/gcmEncryptExtIV192.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "6f44f52c2f62dae4e8684bd2bc7d16ee7c557330305a790d",
        .iv = "9ae35825d7c7edc9a39a0732",
        .aad = "1b4236b846fc2a0f782881ba48a067e9",
        .in = "37222d30895eb95884bbbbaee4d9cae1",
        .out = "a54b5da33fc1196a8ef31a5321bfcaeb",
        .tag = "1c198086450ae1834dd6c2636796bce2",
    },
    {
        .algorithm = "aes-192-gcm",
        .source =
            "NIST CAVS gcmEncryptExtIV192 [IVlen = 96][PTlen = 408][AADlen = 160][Taglen = 128] "
            "COUNT = 0; tests/vectors/ciphers/AES/GCM/gcmEncryptExtIV192.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "9900227ae0fccbb0d35ecf954629c969f36e539399f32ebe",
        .iv = "1398992bfbd63149c14ba2a2",
        .aad = "788b6885feff23fc27bf9c462877b642ba1aa68d",
        .in = "9d4227eed28b9738f21541c4755a923a43ba20d6f3d6a6b7e31e56f1502f5e93ed4c00511c6a7daeb028"
              "1ab947e91756638154",
        .out =
            "7b6ee7dd98eda9b20edb414711d9710de402b01950a6712e5809f608f7c0aa0fba4098f145fea6886d7b"
            "af51fcd182c8febf49",
        .tag = "f22c7c21f5ece2de684821092194f26c",
    },
    {
        .algorithm = "aes-256-gcm",
        .source =
            "NIST CAVS gcmEncryptExtIV256 [IVlen = 96][PTlen = 128][AADlen = 128][Taglen = 128] "
            "COUNT = 0; tests/vectors/ciphers/AES/GCM/gcmEncryptExtIV256.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "92e11dcdaa866f5ce790fd24501f92509aacf4cb8b1339d50c9c1240935dd08b",
        .iv = "ac93a1a6145299bde902f21a",
        .aad = "1e0889016f67601c8ebea4943bc23ad6",
        .in = "2d71bcfa914e4ac045b2aa60955fad24",
        .out = "8995ae2e6df3dbf96fac7b7137bae67f",
        .tag = "eca5aa77d51d4a0a14d9c51e1da474ab",
    },
    {
        .algorithm = "aes-256-gcm",
        .source =
            "NIST CAVS gcmEncryptExtIV256 [IVlen = 96][PTlen = 408][AADlen = 160][Taglen = 128] "
            "COUNT = 0; tests/vectors/ciphers/AES/GCM/gcmEncryptExtIV256.rsp",
        .op = SM_OP_ENCRYPT,
        .key = "24501ad384e473963d476edcfe08205237acfd49b5b8f33857f8114e863fec7f",
        .iv = "9ff18563b978ec281b3f2794",
        .aad = "adb5ec720ccf9898500028bf34afccbcaca126ef",
        .in = "27f348f9cdc0c5bd5e66b1ccb63ad920ff2219d14e8d631b3872265cf117ee86757accb158bd9abb3868"
              "fdc0d0b074b5f01b2c",
        .out =
            "eb7cb754c824e8d96f7c6d9b76c7d26fb874ffbf1d65c6f64a698d839b0b06145dae82057ad55994cf59"
            "ad7f67c0fa5e85fab8",
        .tag = "bc95c532fecc594c36d1550286a7a3f0",
    },
    {
        .algorithm = "chacha20-poly1305",
        .source = "RFC 7539 appendix A.5 vector via OpenSSL evpciph.txt, COUNT = 1; "
                  "tests/vectors/ciphers/ChaCha20Poly1305/openssl.txt",
        .op = SM_OP_ENCRYPT,
        .key = "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
        .iv = "000000000102030405060708",
        .aad = "f33388860000000000004e91",
        .in = "496e7465726e65742d4472616674732061726520647261667420646f63756d656e74732076616c696420"
              "666f722061206d6178696d756d206f6620736978206d6f6e74687320616e64206d617920626520757064"
              "617465642c207265706c616365642c206f72206f62736f6c65746564206279206f7468657220646f6375"
              "6d656e747320617420616e792074696d652e20497420697320696e617070726f70726961746520746f20"
              "75736520496e7465726e65742d447261667473206173207265666572656e6365206d6174657269616c20"
              "6f7220746f2063697465207468656d206f74686572207468616e206173202fe2809c776f726b20696e20"
              "70726f67726573732e2fe2809d",
        .out =
            "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb24c6cfc18755d43eea09e"
            "e94e382d26b0bdb7b73c321b0100d4f03b7f355894cf332f830e710b97ce98c8a84abd0b948114ad176e"
            "008d33bd60f982b1ff37c8559797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c8"
            "67e4b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523eaf4534d7f83fa115"
            "5b0047718cbc546a0d072b04b3564eea1b422273f548271a0bb2316053fa76991955ebd63159434ecebb"
            "4e466dae5a1073a6727627097a1049e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d"
            "6c6f2c29a6ad5cb4022b02709b",
        .tag = "eead9d67890cbb22392336fea1851f38",
    },
    {
        .algorithm = "chacha20-poly1305",
        .source = "OpenSSL evpciph.txt ChaCha20-Poly1305 vector, COUNT = 3; "
                  "tests/vectors/ciphers/ChaCha20Poly1305/openssl.txt",
        .op = SM_OP_ENCRYPT,
        .key = "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
        .iv = "000000000102030405060708",
        .aad = "f33388860000000000004e91",
        .in = "496e7465726e65742d4472616674732061726520647261667420646f63756d656e74732076616c696420"
              "666f722061206d6178696d756d206f6620736978206d6f6e74687320616e64206d617920626520757064"
              "617465642c207265706c616365642c206f72206f62736f6c65746564206279206f7468657220646f6375"
              "6d656e747320617420616e792074696d652e20497420697320696e617070726f70726961746520746f20"
              "75736520496e7465726e65742d4472616674732061732072",
        .out =
            "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb24c6cfc18755d43eea09e"
            "e94e382d26b0bdb7b73c321b0100d4f03b7f355894cf332f830e710b97ce98c8a84abd0b948114ad176e"
            "008d33bd60f982b1ff37c8559797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c8"
            "67e4b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523eaf4534d7f83fa115"
            "5b0047718cbc546a0d072b04b3564eea1b422273f548271a",
        .tag = "d96119a40cd17f2527306866a3ef0413",
    },
    {
        .algorithm = "xchacha20-poly1305",
        .source = "draft-irtf-cfrg-xchacha-03 appendix A.3.1 (AEAD_XChaCha20_Poly1305); "
                  "tests/vectors/drafts/draft-irtf-cfrg-xchacha-03-A.3.1.txt",
        .op = SM_OP_ENCRYPT,
        .key = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
        .iv = "404142434445464748494a4b4c4d4e4f5051525354555657",
        .aad = "50515253c0c1c2c3c4c5c6c7",
        .in = "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a20"
              "4966204920636f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f722074686520"
              "6675747572652c2073756e73637265656e20776f756c642062652069742e",
        .out =
            "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3"
            "a82f4eda7e39ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2b"
            "c369488f76b2383565d3fff921f9664c97637da9768812f615c68b13b52e",
        .tag = "c0875924c1c7987947deafd8780acf49",
    },
    {
        .algorithm = "xsalsa20-poly1305",
        .source =
            "NaCl tests/secretbox.c + secretbox.out (as in libsodium "
            "test/default/secretbox.c/.exp): m without its 32 leading zero bytes; out = "
            "ciphertext, tag = the 16 bytes NaCl puts first; tests/vectors/nacl/secretbox.txt",
        .op = SM_OP_ENCRYPT,
        .key = "1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389",
        .iv = "69696ee955b62b73cd62bda875fc73d68219e0036b7a0b37",
        .in = "be075fc53c81f2d5cf141316ebeb0c7b5228c52a4c62cbd44b66849b64244ffce5ecbaaf33bd751a1ac7"
              "28d45e6c61296cdc3c01233561f41db66cce314adb310e3be8250c46f06dceea3a7fa1348057e2f6556a"
              "d6b1318a024a838f21af1fde048977eb48f59ffd4924ca1c60902e52f0a089bc76897040e082f9377638"
              "48645e0705",
        .out =
            "8e993b9f48681273c29650ba32fc76ce48332ea7164d96a4476fb8c531a1186ac0dfc17c98dce87b4da7"
            "f011ec48c97271d2c20f9b928fe2270d6fb863d51738b48eeee314a7cc8ab932164548e526ae90224368"
            "517acfeabd6bb3732bc0e9da99832b61ca01b6de56244a9e88d5f9b37973f622a43d14a6599b1f654cb4"
            "5a74e355a5",
        .tag = "f3ffc7703f9400e52a7dfb4b3d3305d9",
    },
    {
        .algorithm = "md4",
        .source =

            "RFC 1320 appendix A.5 test suite, MD4 ('abc'); tests/vectors/rfc/rfc1320-A.5.txt",
        .op = SM_OP_HASH,
        .in = "616263",
        .out = "a448017aaf21d8525fc10ae87aa6729d",
    },
    {
        .algorithm = "md4",
        .source = "RFC 1320 appendix A.5 test suite, MD4 ('message digest'); "
                  "tests/vectors/rfc/rfc1320-A.5.txt",
        .op = SM_OP_HASH,
        .in = "6d65737361676520646967657374",
        .out = "d9130a8164549fe818874806e1c7014b",
    },
    {
        .algorithm = "md4",
        .source = "RFC 1320 appendix A.5 test suite, MD4 ('1234567890...'); "
                  "tests/vectors/rfc/rfc1320-A.5.txt",
        .op = SM_OP_HASH,
        .in = "313233343536373839303132333435363738393031323334353637383930313233343536373839303132"
              "3334353637383930313233343536373839303132333435363738393031323334353637383930",
        .out = "e33b4ddc9c38f2199c3e7b164fcc0536",
    },
    {
        .algorithm = "md5",
        .source = "RFC 1321 A.5 test suite, Len = 24; tests/vectors/hashes/MD5/rfc-1321.txt",
        .op = SM_OP_HASH,
        .in = "616263",
        .out = "900150983cd24fb0d6963f7d28e17f72",
    },
    {
        .algorithm = "md5",
        .source = "RFC 1321 A.5 test suite, Len = 640; tests/vectors/hashes/MD5/rfc-1321.txt",
        .op = SM_OP_HASH,
        .in = "313233343536373839303132333435363738393031323334353637383930313233343536373839303132"
              "3334353637383930313233343536373839303132333435363738393031323334353637383930",
        .out = "57edf4a22be3c955ac49da2e2107b67a",
    },
    {
        .algorithm = "sha1",
        .source = "NIST CAVS SHA1ShortMsg, Len = 24; tests/vectors/hashes/SHA1/SHA1ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "df4bd2",
        .out = "bf36ed5d74727dfd5d7854ec6b1d49468d8ee8aa",
    },
    {
        .algorithm = "sha1",
        .source = "NIST CAVS SHA1ShortMsg, Len = 512; tests/vectors/hashes/SHA1/SHA1ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "45927e32ddf801caf35e18e7b5078b7f5435278212ec6bb99df884f49b327c6486feae46ba187dc1cc91"
              "45121e1492e6b06e9007394dc33b7748f86ac3207cfe",
        .out = "a70cfbfe7563dd0e665c7c6715a96a8d756950c0",
    },
    {
        .algorithm = "sha224",
        .source =

            "NIST CAVS SHA224ShortMsg, Len = 24; tests/vectors/hashes/SHA2/SHA224ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "51ca3d",
        .out = "2c8959023515476e38388abb43599a29876b4b33d56adc06032de3a2",
    },
    {
        .algorithm = "sha224",
        .source =

            "NIST CAVS SHA224ShortMsg, Len = 512; tests/vectors/hashes/SHA2/SHA224ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "a3310ba064be2e14ad32276e18cd0310c933a6e650c3c754d0243c6c61207865b4b65248f66a08edf6e0"
              "832689a9dc3a2e5d2095eeea50bd862bac88c8bd318d",
        .out = "b2a5586d9cbf0baa999157b4af06d88ae08d7c9faab4bc1a96829d65",
    },
    {
        .algorithm = "sha256",
        .source =

            "NIST CAVS SHA256ShortMsg, Len = 24; tests/vectors/hashes/SHA2/SHA256ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "b4190e",
        .out = "dff2e73091f6c05e528896c4c831b9448653dc2ff043528f6769437bc7b975c2",
    },
    {
        .algorithm = "sha256",
        .source =

            "NIST CAVS SHA256ShortMsg, Len = 512; tests/vectors/hashes/SHA2/SHA256ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "5a86b737eaea8ee976a0a24da63e7ed7eefad18a101c1211e2b3650c5187c2a8a650547208251f6d4237"
              "e661c7bf4c77f335390394c37fa1a9f9be836ac28509",
        .out = "42e61e174fbb3897d6dd6cef3dd2802fe67b331953b06114a65c772859dfc1aa",
    },
    {
        .algorithm = "sha384",
        .source =

            "NIST CAVS SHA384ShortMsg, Len = 24; tests/vectors/hashes/SHA2/SHA384ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "1fa4d5",
        .out =
            "e4ca4663dff189541cd026dcc056626419028774666f5b379b99f4887c7237bdbd3bea46d5388be0efc2"
            "d4b7989ab2c4",
    },
    {
        .algorithm = "sha384",
        .source =

            "NIST CAVS SHA384ShortMsg, Len = 1024; tests/vectors/hashes/SHA2/SHA384ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "3bf52cc5ee86b9a0190f390a5c0366a560b557000dbe5115fd9ee11630a62769011575f15881198f2278"
              "76e8fe685a6939bc8b89fd48a34ec5e71e131462b2886794dffa68ccc6d564733e67ffef25e627c6f4b5"
              "460796e3bce67bf58ca6e8e555bc916a8531697ac948b90dc8616f25101db90b50c3d3dbc9e21e42ff38"
              "7187",
        .out =
            "12b6cb35eda92ee37356ddee77781a17b3d90e563824a984faffc6fdd1693bd7626039635563cfc3b9a2"
            "b00f9c65eefd",
    },
    {
        .algorithm = "sha512",
        .source =

            "NIST CAVS SHA512ShortMsg, Len = 24; tests/vectors/hashes/SHA2/SHA512ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "0a55db",
        .out =
            "7952585e5330cb247d72bae696fc8a6b0f7d0804577e347d99bc1b11e52f384985a428449382306a8926"
            "1ae143c2f3fb613804ab20b42dc097e5bf4a96ef919b",
    },
    {
        .algorithm = "sha512",
        .source =

            "NIST CAVS SHA512ShortMsg, Len = 1024; tests/vectors/hashes/SHA2/SHA512ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "fd2203e467574e834ab07c9097ae164532f24be1eb5d88f1af7748ceff0d2c67a21f4e4097f9d3bb4e9f"
              "bf97186e0db6db0100230a52b453d421f8ab9c9a6043aa3295ea20d2f06a2f37470d8a99075f1b8a8336"
              "f6228cf08b5942fc1fb4299c7d2480e8e82bce175540bdfad7752bc95b577f229515394f3ae5cec870a4"
              "b2f8",
        .out =
            "a21b1077d52b27ac545af63b32746c6e3c51cb0cb9f281eb9f3580a6d4996d5c9917d2a6e484627a9d5a"
            "06fa1b25327a9d710e027387fc3e07d7c4d14c6086cc",
    },
    {
        .algorithm = "sha3-256",
        .source =

            "NIST CAVS SHA3_256ShortMsg, Len = 24; tests/vectors/hashes/SHA3/SHA3_256ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "b053fa",
        .out = "9d0ff086cd0ec06a682c51c094dc73abdc492004292344bd41b82a60498ccfdb",
    },
    {
        .algorithm = "sha3-256",
        .source = "NIST CAVS SHA3_256ShortMsg, Len = 1088; "
                  "tests/vectors/hashes/SHA3/SHA3_256ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "56ea14d7fcb0db748ff649aaa5d0afdc2357528a9aad6076d73b2805b53d89e73681abfad26bee6c0f3d"
              "20215295f354f538ae80990d2281be6de0f6919aa9eb048c26b524f4d91ca87b54c0c54aa9b54ad02171"
              "e8bf31e8d158a9f586e92ffce994ecce9a5185cc80364d50a6f7b94849a914242fcb73f33a86ecc83c34"
              "03630d20650ddb8cd9c4",
        .out = "4beae3515ba35ec8cbd1d94567e22b0d7809c466abfbafe9610349597ba15b45",
    },
    {
        .algorithm = "sha3-512",
        .source =

            "NIST CAVS SHA3_512ShortMsg, Len = 24; tests/vectors/hashes/SHA3/SHA3_512ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "37d518",
        .out =
            "4aa96b1547e6402c0eee781acaa660797efe26ec00b4f2e0aec4a6d10688dd64cbd7f12b3b6c7f802e20"
            "96c041208b9289aec380d1a748fdfcd4128553d781e3",
    },
    {
        .algorithm = "sha3-512",
        .source = "NIST CAVS SHA3_512ShortMsg, Len = 576; "
                  "tests/vectors/hashes/SHA3/SHA3_512ShortMsg.rsp",
        .op = SM_OP_HASH,
        .in = "0ce9f8c3a990c268f34efd9befdb0f7c4ef8466cfdb01171f8de70dc5fefa92acbe93d29e2ac1a5c2979"
              "129f1ab08c0e77de7924ddf68a209cdfa0adc62f85c18637d9c6b33f4ff8",
        .out =
            "b018a20fcf831dde290e4fb18c56342efe138472cbe142da6b77eea4fce52588c04c808eb32912faa345"
            "245a850346faec46c3a16d39bd2e1ddb1816bc57d2da",
    },
    {
        .algorithm = "blake2b512",
        .source = "BLAKE2b-512 vectors (Len = 24 is RFC 7693 appendix A), Len = 24; "
                  "tests/vectors/hashes/blake2/blake2b.txt",
        .op = SM_OP_HASH,
        .in = "616263",
        .out =
            "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252"
            "d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
    },
    {
        .algorithm = "blake2b512",
        .source = "BLAKE2b-512 vectors (Len = 24 is RFC 7693 appendix A), Len = 640; "
                  "tests/vectors/hashes/blake2/blake2b.txt",
        .op = SM_OP_HASH,
        .in = "313233343536373839303132333435363738393031323334353637383930313233343536373839303132"
              "3334353637383930313233343536373839303132333435363738393031323334353637383930",
        .out =
            "686f41ec5afff6e87e1f076f542aa466466ff5fbde162c48481ba48a748d842799f5b30f5b67fc684771"
            "b33b994206d05cc310f31914edd7b97e41860d77d282",
    },
    {
        .algorithm = "blake2s256",
        .source = "BLAKE2s-256 vectors (Len = 24 is RFC 7693 appendix B), Len = 24; "
                  "tests/vectors/hashes/blake2/blake2s.txt",
        .op = SM_OP_HASH,
        .in = "616263",
        .out = "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982",
    },
    {
        .algorithm = "blake2s256",
        .source = "BLAKE2s-256 vectors (Len = 24 is RFC 7693 appendix B), Len = 640; "
                  "tests/vectors/hashes/blake2/blake2s.txt",
        .op = SM_OP_HASH,
        .in = "313233343536373839303132333435363738393031323334353637383930313233343536373839303132"
              "3334353637383930313233343536373839303132333435363738393031323334353637383930",
        .out = "fdaedb290a0d5af9870864fec2e090200989dc9cd53a3c092129e8535e8b4f66",
    },
    {
        .algorithm = "ripemd160",
        .source = "RIPEMD-160 homepage vectors, Len = 24; "
                  "tests/vectors/hashes/ripemd160/ripevectors.txt",
        .op = SM_OP_HASH,
        .in = "616263",
        .out = "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc",
    },
    {
        .algorithm = "ripemd160",
        .source = "RIPEMD-160 homepage vectors, Len = 640; "
                  "tests/vectors/hashes/ripemd160/ripevectors.txt",
        .op = SM_OP_HASH,
        .in = "313233343536373839303132333435363738393031323334353637383930313233343536373839303132"
              "3334353637383930313233343536373839303132333435363738393031323334353637383930",
        .out = "9b752e45573d4b39f4dbd3323cab82bf63326bfb",
    },
    {
        .algorithm = "sm3",
        .source = "GB/T 32905-2016 (OSCCA SM3) examples 1 and 2, Len = 24; "
                  "tests/vectors/hashes/SM3/oscca.txt",
        .op = SM_OP_HASH,
        .in = "616263",
        .out = "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0",
    },
    {
        .algorithm = "sm3",
        .source = "GB/T 32905-2016 (OSCCA SM3) examples 1 and 2, Len = 512; "
                  "tests/vectors/hashes/SM3/oscca.txt",
        .op = SM_OP_HASH,
        .in = "616263646162636461626364616263646162636461626364616263646162636461626364616263646162"
              "63646162636461626364616263646162636461626364",
        .out = "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732",
    },
    {
        .algorithm = "hmac-md5",
        .source = "RFC 2202 section 2 test case 2; tests/vectors/HMAC/rfc-2202-md5.txt",
        .op = SM_OP_MAC,
        .key = "4a656665",
        .in = "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
        .out = "750c783e6ab0b503eaa86e310a5db738",
    },
    {
        .algorithm = "hmac-md5",
        .source = "RFC 2202 section 2 test case 4; tests/vectors/HMAC/rfc-2202-md5.txt",
        .op = SM_OP_MAC,
        .key = "0102030405060708090a0b0c0d0e0f10111213141516171819",
        .in = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
              "cdcdcdcdcdcdcdcd",
        .out = "697eaf0aca3a3aea3a75164746ffaa79",
    },
    {
        .algorithm = "hmac-sha1",
        .source = "RFC 2202 section 3 test case 2; tests/vectors/HMAC/rfc-2202-sha1.txt",
        .op = SM_OP_MAC,
        .key = "4a656665",
        .in = "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
        .out = "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79",
    },
    {
        .algorithm = "hmac-sha1",
        .source = "RFC 2202 section 3 test case 4; tests/vectors/HMAC/rfc-2202-sha1.txt",
        .op = SM_OP_MAC,
        .key = "0102030405060708090a0b0c0d0e0f10111213141516171819",
        .in = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
              "cdcdcdcdcdcdcdcd",
        .out = "4c9007f4026250c6bc8414f9bf50c86c2d7235da",
    },
    {
        .algorithm = "hmac-sha256",
        .source = "RFC 4231 section 4 test case 2; tests/vectors/HMAC/rfc-4231-sha256.txt",
        .op = SM_OP_MAC,
        .key = "4a656665",
        .in = "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
        .out = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    },
    {
        .algorithm = "hmac-sha256",
        .source = "RFC 4231 section 4 test case 4; tests/vectors/HMAC/rfc-4231-sha256.txt",
        .op = SM_OP_MAC,
        .key = "0102030405060708090a0b0c0d0e0f10111213141516171819",
        .in = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
              "cdcdcdcdcdcdcdcd",
        .out = "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
    },
    {
        .algorithm = "hmac-sha384",
        .source = "RFC 4231 section 4 test case 2; tests/vectors/HMAC/rfc-4231-sha384.txt",
        .op = SM_OP_MAC,
        .key = "4a656665",
        .in = "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
        .out =
            "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b32"
            "39ecfab21649",
    },
    {
        .algorithm = "hmac-sha384",
        .source = "RFC 4231 section 4 test case 4; tests/vectors/HMAC/rfc-4231-sha384.txt",
        .op = SM_OP_MAC,
        .key = "0102030405060708090a0b0c0d0e0f10111213141516171819",
        .in = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
              "cdcdcdcdcdcdcdcd",
        .out =
            "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e6801dd23c4a7d679ccf8"
            "a386c674cffb",
    },
    {
        .algorithm = "hmac-sha512",
        .source = "RFC 4231 section 4 test case 2; tests/vectors/HMAC/rfc-4231-sha512.txt",
        .op = SM_OP_MAC,
        .key = "4a656665",
        .in = "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
        .out =
            "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d03"
            "4f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
    },
    {
        .algorithm = "hmac-sha512",
        .source = "RFC 4231 section 4 test case 4; tests/vectors/HMAC/rfc-4231-sha512.txt",
        .op = SM_OP_MAC,
        .key = "0102030405060708090a0b0c0d0e0f10111213141516171819",
        .in = "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
              "cdcdcdcdcdcdcdcd",
        .out =
            "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679"
            "275cc5788063a5f19741120c4f2de2adebeb10a298dd",
    },
    {
        .algorithm = "cmac-aes128",
        .source = "NIST SP 800-38B appendix D.1 example 2, COUNT = 1; "
                  "tests/vectors/CMAC/nist-800-38b-aes128.txt",
        .op = SM_OP_MAC,
        .key = "2b7e151628aed2a6abf7158809cf4f3c",
        .in = "6bc1bee22e409f96e93d7e117393172a",
        .out = "070a16b46b4d4144f79bdd9dd04a287c",
    },
    {
        .algorithm = "cmac-aes128",
        .source = "NIST SP 800-38B appendix D.1 example 4, COUNT = 3; "
                  "tests/vectors/CMAC/nist-800-38b-aes128.txt",
        .op = SM_OP_MAC,
        .key = "2b7e151628aed2a6abf7158809cf4f3c",
        .in = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fb"
              "c1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
        .out = "51f0bebf7e3b9d92fc49741779363cfe",
    },
    {
        .algorithm = "poly1305",
        .source = "RFC 7539 (= RFC 8439) appendix A.3 test vector #3, COUNT = 2; "
                  "tests/vectors/poly1305/rfc7539.txt",
        .op = SM_OP_MAC,
        .key = "36e5f6b5c5e06070f0efca96227a863e00000000000000000000000000000000",
        .in = "416e79207375626d697373696f6e20746f20746865204945544620696e74656e64656420627920746865"
              "20436f6e7472696275746f7220666f72207075626c69636174696f6e20617320616c6c206f7220706172"
              "74206f6620616e204945544620496e7465726e65742d4472616674206f722052464320616e6420616e79"
              "2073746174656d656e74206d6164652077697468696e2074686520636f6e74657874206f6620616e2049"
              "45544620616374697669747920697320636f6e7369646572656420616e20224945544620436f6e747269"
              "627574696f6e222e20537563682073746174656d656e747320696e636c756465206f72616c2073746174"
              "656d656e747320696e20494554462073657373696f6e732c2061732077656c6c20617320777269747465"
              "6e20616e6420656c656374726f6e696320636f6d6d756e69636174696f6e73206d61646520617420616e"
              "792074696d65206f7220706c6163652c207768696368206172652061646472657373656420746f",
        .out = "f3477e7cd95417af89a6b8794c310cf0",
    },
    {
        .algorithm = "poly1305",
        .source = "RFC 7539 (= RFC 8439) appendix A.3 test vector #4, COUNT = 3; "
                  "tests/vectors/poly1305/rfc7539.txt",
        .op = SM_OP_MAC,
        .key = "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
        .in = "2754776173206272696c6c69672c20616e642074686520736c6974687920746f7665730a446964206779"
              "726520616e642067696d626c6520696e2074686520776162653a0a416c6c206d696d7379207765726520"
              "74686520626f726f676f7665732c0a416e6420746865206d6f6d65207261746873206f75746772616265"
              "2e",
        .out = "4541669a7eaaee61e708dc7cbcc5eb62",
    },
    {
        .algorithm = "rsa1024",
        .source =
            "NIST CAVS SigGen15_186-2 [mod = 1024] first SHAAlg = SHA256 entry (PKCS#1 v1.5); p, "
            "q, dp, dq, qinv computed from n, e, d; "
            "tests/vectors/asymmetric/RSA/FIPS_186-2/SigGen15_186-2.txt",
        .op = SM_OP_SIGN,
        .in = "e567a39ae4e5ef9b6801ea0561b72a5d4b5f385f0532fc9fe10a7570f869ae05c0bdedd6e0e22d4542e9"
              "ce826a188cac0731ae39c8f87f9771ef02132e64e2fb27ada8ff54b330dd93ad5e3ef82e0dda646248e3"
              "5994bda10cf46e5abc98aa7443c03cddeb5ee2ab82d60100b1029631897970275f119d05daa2220a4a0d"
              "efba",
        .out =
            "0e7cdd121e40323ca6115d1ec6d1f9561738455f0e9e1cd858e8b566ae2da5e8ee63d8f15c3cdd88027e"
            "13406db609369c88ca99b34fa156c7ee62bc5a3923bb5a1edabd45c1a422aafcbb47e0947f35cfef8797"
            "0b4b713162b21916cafb8c864a3e5b9ffc989401d4eae992312a32c5bc88abbb45f99ac885b54d6b8e61"
            "b6ec",
        .rsa_n =
            "c8a2069182394a2ab7c3f4190c15589c56a2d4bc42dca675b34cc950e24663048441e8aa593b2bc59e19"
            "8b8c257e882120c62336e5cc745012c7ffb063eebe53f3c6504cba6cfe51baa3b6d1074b2f398171f4b1"
            "982f4d65caf882ea4d56f32ab57d0c44e6ad4e9cf57a4339eb6962406e350c1b15397183fbf1f0353c9f"
            "c991",
        .rsa_e = "010001",
        .rsa_d =
            "5dfcb111072d29565ba1db3ec48f57645d9d8804ed598a4d470268a89067a2c921dff24ba2e37a3ce834"
            "555000dc868ee6588b7493303528b1b3a94f0b71730cf1e86fca5aeedc3afa16f65c0189d810ddcd8104"
            "9ebbd0391868c50edec958b3a2aaeff6a575897e2f20a3ab5455c1bfa55010ac51a7799b1ff8483644a3"
            "d425",
        .rsa_p =
            "f66a2468b1481a0d6b604967f0580389d6061f033a9b57b74d1befe8101198945b809304241d02fd5f92"
            "1fe959fbecdb180054869adb17d321f9d5d598123e73",
        .rsa_q =
            "d06ffa563bd0b8b97f0072ea075103ec1ff0b17fd6bdaf94a75ae6035982f680249d77cc1596a654f14c"
            "517a13b95f1a8c5de8cc84ad38d2e6aa4fcd541a32eb",
        .rsa_dp =
            "d4d4b69fca478960ffd64970c1d17334f12b964bb6aa07a825acb498ce90342627a634d505d01d0df527"
            "03f30c2aa0d857b1a9501d9e90c4667b206b7d0e7ceb",
        .rsa_dq =
            "284fefe7ababe37e24bcee7caaab95899e67cbbc80c8b0e39c366d53ea84f4adb5e72a9b32f5aef7b0af"
            "64f6aa47e8c7d6abf6f14f1bbd68b4a9edc33567d7bf",
        .rsa_qinv =
            "e3bd881c5a8f4afca08cbc047cf0e3897c85189af4f9a700932cf49e72f64404390da5048279ce47f5af"
            "589b1be9e461bbd8cc07ab8bc68baf6cc913b2e62672",
    },
    {
        .algorithm = "rsa1024",
        .source = "NIST CAVS SigVer15_186-3 [mod = 1024] SHAAlg = SHA256, Result = P; "
                  "tests/vectors/asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp",
        .op = SM_OP_VERIFY,
        .in = "d73829497cddbe41b705faac50e7899fdb5a38bf3a459e536357029e64f8796ba47f4fe96ba5a8b9a439"
              "6746e2164f55a25368ddd0b9a5188c7ac3da2d1f742286c3bdee697f9d546a25efcfe53191d743fcc6b4"
              "7833d993d08804daeca78fb9076c3c017f53e33a90305af06220974d46bf19ed3c9b84edbae98b45a877"
              "1258",
        .rsa_n =
            "a8d68acd413c5e195d5ef04e1b4faaf242365cb450196755e92e1215ba59802aafbadbf2564dd550956a"
            "bb54f8b1c917844e5f36195d1088c600e07cada5c080ede679f50b3de32cf4026e514542495c54b19037"
            "68791aae9e36f082cd38e941ada89baecada61ab0dd37ad536bcb0a0946271594836e92ab5517301d451"
            "76b5",
        .rsa_e = "03",
        .sig =
            "0b20e5093c2a926233108afbdd851b88eeb554f4beaa7b18e51519f7d0ec53b181a3b03e8484ba8de2aa"
            "7864a402e2208e84ec9914af9d776ed13c48bdeb6484254de169318a87c40f2265ff16714eae8aee2bc9"
            "c3cb4dee045e4f5d9d625210121bfcf2bed8d3ffa602ce27fff4e61cf9bb650e71a6921ae6ffa296cb11"
            "bdbb",
        .valid = 1,
    },
    {
        .algorithm = "rsa1024",
        .source = "NIST CAVS SigVer15_186-3 [mod = 1024] SHAAlg = SHA256, Result = F (1 - Message "
                  "changed); tests/vectors/asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp",
        .op = SM_OP_VERIFY,
        .in = "ff23e00f819bae424e41d6b762ea6b88801e651c831c964af31de0c1d6dda4a7c8587d804ed12f526819"
              "da06650e7412fb627555979ed442f2663341e5fe57527e0ddaf453a124451674976a6a6e0a31f56a79f5"
              "b73dfac39af4f3ba4a5e8bb846cb5e333812756482d975ab1910162f96bfd7c58a02f113125189f5ac05"
              "291f",
        .rsa_n =
            "a8d68acd413c5e195d5ef04e1b4faaf242365cb450196755e92e1215ba59802aafbadbf2564dd550956a"
            "bb54f8b1c917844e5f36195d1088c600e07cada5c080ede679f50b3de32cf4026e514542495c54b19037"
            "68791aae9e36f082cd38e941ada89baecada61ab0dd37ad536bcb0a0946271594836e92ab5517301d451"
            "76b5",
        .rsa_e = "03",
        .sig =
            "10ecd0085694f8db6ea62dab2f239d8a93fcf449102f1368c67de329d79692b677500f55994c9722e263"
            "3063fc7d8c2c50ae8857d45c08bfaba9448dda0689c2a08605d47a7694beaacbdad1a954458a87fd78b6"
            "519393013b20996d636b755323b4b2b2b6d06a46c9221cd200462428ab5bef0f9743e144191f69285626"
            "27a7",
        .valid = 0,
    },
    {
        .algorithm = "rsa2048",
        .source =
            "NIST CAVS SigGen15_186-2 [mod = 2048] first SHAAlg = SHA256 entry (PKCS#1 v1.5); p, "
            "q, dp, dq, qinv computed from n, e, d; "
            "tests/vectors/asymmetric/RSA/FIPS_186-2/SigGen15_186-2.txt",
        .op = SM_OP_SIGN,
        .in = "6504921a97cd57aa8f3863dc32e1f2d0b57aff63106e59f6afc3f9726b459388bae16b3e224f6aa7f4f4"
              "71f13606eda6e1f1ac2b4df9ef8de921c07c2f4c8598d7a3d6ec4b368cb85ce61a74338221118a303e82"
              "1c0f277b591af6795f50c40226127a2efacce4662fd7076c109eb59b18005e7165f6294a6976436ee397"
              "774e",
        .out =
            "335ffadc0b1b8bd2b1eb670dd246e76dcccdc955a1687a15f74aa3e1596ebd43e607c640525f89dda958"
            "09cfd065f1be4e4a249477d24f400d4d4c9438a0af95b26b28b416e42aa950e2a52851b52132048f1b1c"
            "e944322fc99c1aabb49b7fae4c2f0fef674b50adee3bbb5c6c33822b608e4b9577275ca20c710af9fc41"
            "b1c01d9c0ff6f0d8324dc08e1a76e232d8feaa06c73bbf64053bea35f1c528b2722764822ef1ff06246e"
            "75a9a22a10da4ea84fc2441bea24b35506f8447fcf69093c5d21ab0305cce2c7ea9ffac357c664b491fc"
            "55f2919ec490c38accbab378c252ac2df3845acff575ec7524cd2f586cca1497c74f24b299d6d6254c8c"
            "db1d227d",
        .rsa_n =
            "e0b14b99cd61cd3db9c2076668841324fa3174f33ce66ffd514394d34178d29a49493276b6777233e7d4"
            "6a3e68bc7ca7e899e901d54f6dee0749c3e48ddf68685867ee2ae66df88eb563f6db137a9f6b175a112e"
            "0eda8368e88e45efe1ce14bc6016d52639627066af1872c72f60b9161c1d237eeb34b0f841b3f0896f9f"
            "e0e16b0f74352d101292cc464a7e7861bbeb86f6df6151cb265417c66c565ed8974bd8fc984d5ddfd4eb"
            "91a3d5234ce1b5467f3ade375f802ec07293f1236efa3068bc91b158551c875c5dc0a9d6fa321bf9421f"
            "08deac910e35c1c28549ee8eed8330cf70595ff70b94b49907e27698a9d911f7ac0706afcb1a4a39feb3"
            "8b0a8049",
        .rsa_e = "010001",
        .rsa_d =
            "1dbca92e4245c2d57bfba76210cc06029b502753b7c821a32b799fbd33c98b49db10226b1eac0143c857"
            "4ef652833b96374d034ef84daa5559c693f3f028d49716b82e87a3f682f25424563bd9409dcf9d081105"
            "00f73f74076f28e75e0199b1f29fa2f70b9a31190dec54e872a740e7a1b1e38c3d11bca8267deb842cef"
            "4262237ac875725068f32563b478aca8d6a99f34cb8876b97145b2e8529ec8adea83ead4ec63e3ff2d17"
            "a2ffefb05c902ca7a92168378c89f75c928fc4f0707e43487a4f47df70cae87e24272c136d3e98cf5906"
            "6d41a3d038857d073d8b4d2c27b8f0ea6bfa50d263091a4a18c63f446bc9a61e8c4a688347b2435ec8e7"
            "2eddaea7",
        .rsa_p =
            "f55608a0bbf228a3cac2075fcd51cee8dd66fe482592b5bc43052d21f2a585a9e662c4d2f8c31b9983c5"
            "6aea0ee6065c2b7dba1b9e4c0b25c258c0ba29f9a20d832d8140c131778f7a5371cc8d02ea0b0827fa9e"
            "48b890446289fb9dc266b0e1126047d25e68b603e6c7b47070847dc829e431ba4b46f5b0ae47a9f54c6d"
            "f2ab",
        .rsa_q =
            "ea758d47882feccf4826a11d4e808fa02138144caf142e3591d7e25c91b8dec869145dd9ce604bdaad61"
            "a9d5b59f34ab151741638730ecc38df0711dfa70da6cb58ddba0bae1fa3561f2f20ae3a85a711a058282"
            "88109eb69b1226b12f057c5e554ad041539df3b5558d59c062a5f22f47c9bc9796a0c604e2f936fa5fb3"
            "b8db",
        .rsa_dp =
            "c1f40120295599615bf326e74b27a8bf1a01c9777a14d10e03a1fcfb409c30de8f9f77e11dff093bc51b"
            "f69911ac324cfda908cfbac67d6d9d8692deda3e5b29f991a9046b7753012001060f634f717dc535ee00"
            "e296de9ee1941a52af14863379569a912a47f7d57fc653d52c6ee20db3688f13ab5d6ef0fde6f3eb543f"
            "fbbf",
        .rsa_dq =
            "e3e066f53c5f6029c2f590a85c5145c71c22565085e5f657a8ad8bdbeee220dde68b9e0000bec55b0023"
            "291f864bfbb3c066feedce4af603c72407bd5c596d62353f705492eee9f212863f4be8230bec5b9f394e"
            "c7126840110e1e3f1df5960055a3c62f8826bfe4e206e551c04f8bc8fa5c1009c1a3f7726e6c4c4c22d2"
            "19fb",
        .rsa_qinv =
            "de771ad9f8e5eeaf72e8328735c2ea5e0c40a6aadc8b1a598537a96eb108c00caaf7e7ec1ab95c7d4246"
            "4cca239be9724923486380705bd3cd99bc43862e97eca4e91decad472721cd468e66babac4e288199633"
            "879c14b477c28ab7b8a2086d1ee99b22498661623c0a0933c8277541dac29788c7cdb28de686a227e3be"
            "d40c",
    },
    {
        .algorithm = "rsa2048",
        .source = "NIST CAVS SigVer15_186-3 [mod = 2048] SHAAlg = SHA256, Result = P; "
                  "tests/vectors/asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp",
        .op = SM_OP_VERIFY,
        .in = "6918d6328ca0a8b64bbe81d91cdea519911b59fc2dbd53af76006fec4b18a320787135ce883b2b2edb26"
              "041bf86aa52c230b9620335b6e7f9ec08c7ed6b70823d819e9ab019e9929249f966fdb2069311a0ddc68"
              "0ac468f514d4ed873b04a6beb0985b91a0cfd8ed51b09f9e6d06da739eaa939d5a00275901c4f8cf2507"
              "6339",
        .rsa_n =
            "a911245a2cfb33d8ee375df9439f74e669c03a8d9acad25bd27acf3cd8bea7eb9dbe470155c7c72782c9"
            "4861f7b573cd325639fb070e9ba6e621991aefa45106182e4d264be7068035595d7549052989b3e7fd04"
            "cabc94012c1278a0ef8672b1a51dd1a9e276816ba497dea24b4febe3dd8e977707bcd230ca6fb6f8a8bf"
            "f9e6ba24fbadcd93f00126b19b396a38e6ef86d18fef945b9154c1963fb488c7025953511f86d05638bf"
            "e056493730bc6778446e59cd3c5c3acf07a0a3a64943793652f10e3292aa7a6d25a03181cc6f6ba0658d"
            "909e59ce2a02bacc9766fd8c4fbd4ed9c23a866844b8a794d49e505f9f944870a71aadbe5338039825c2"
            "dff81af3",
        .rsa_e = "010001",
        .sig =
            "794d0a45bc9fc6febb586e319dfa6924c888594802b9deb9668963fdb309bf02817960a7457106fc474f"
            "91601436e8954cbb6815350b2c51b53c968d2c48cc1799550d5d03b41f6e5a8c3c264d2e2fe0b5b8ff53"
            "fdcb9dd111c985cb488d7086e6548b4077ec00721c9cb500fe07a031c2030e8ad1dd0112c34ffd9091d7"
            "7a187aac8661b298eee39eb615f9715c4c48a6762ede55a466ec7f3cdb6a937cfc80188a85d8f8d3a2a8"
            "0b199ce5e6375af8f02f06d706a34d9cf38318903965db54aaa7d3fa7a7ee58034cd58c8435739c89063"
            "66e2ddba293f2fb2c15f07fa4951014471e7f677d3bdacffc4c68a906e08d68b39f9010746cbacd22980"
            "cee73e8d",
        .valid = 1,
    },
    {
        .algorithm = "rsa2048",
        .source =
            "NIST CAVS SigVer15_186-3 [mod = 2048] SHAAlg = SHA256, Result = F (3 - Signature "
            "changed ); tests/vectors/asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp",
        .op = SM_OP_VERIFY,
        .in = "4ce993829f7b8112277cedbf8b4ec59244cd7ef79a7bad09cfdbd1109a1a7348d7f472e57cd69853cf40"
              "70c2d66e5ce20f37e2eb623547e154265f167d92a3f03caf84eca981ffe3cb45728d0c10ae43e9b44d09"
              "eee346cbe297bee73fb021ece5df72a10ec4df4a85539926137ce23c3a0b685826cdd150e1f4978bc6bc"
              "16c4",
        .rsa_n =
            "a911245a2cfb33d8ee375df9439f74e669c03a8d9acad25bd27acf3cd8bea7eb9dbe470155c7c72782c9"
            "4861f7b573cd325639fb070e9ba6e621991aefa45106182e4d264be7068035595d7549052989b3e7fd04"
            "cabc94012c1278a0ef8672b1a51dd1a9e276816ba497dea24b4febe3dd8e977707bcd230ca6fb6f8a8bf"
            "f9e6ba24fbadcd93f00126b19b396a38e6ef86d18fef945b9154c1963fb488c7025953511f86d05638bf"
            "e056493730bc6778446e59cd3c5c3acf07a0a3a64943793652f10e3292aa7a6d25a03181cc6f6ba0658d"
            "909e59ce2a02bacc9766fd8c4fbd4ed9c23a866844b8a794d49e505f9f944870a71aadbe5338039825c2"
            "dff81af3",
        .rsa_e = "010001",
        .sig =
            "29865f133c69122e1b309b299270b5d693db89c5192eca5c829c795db460cb1dad3d1f27d200790fab03"
            "5c90c00b238384bb30ee30752425f2b7f424d71bea79993046100760f3fa3c6e019d025338c13940a977"
            "78ea67e6d6138d8e8ff601d2309f02762add479d85d25fa31bd1c89af97927dac2ddf818cfe2179548db"
            "4da69c163d8cbf5f9c98ea33957022a52d6f33b19bbd3d05f40f2dfd49d999184cf5f9bc69fc1b21359c"
            "3c85ddebb6936c4f49015026539e8c4aad2dd3a3b4ba309021fb317348d12b560ec608b74f812e3b74e4"
            "c8407765f30d6d03a5c20db821adc4c844018d57fb5364d0e7c3d55816782200ddf92b13dc2e0d4665b4"
            "cf3e1059",
        .valid = 0,
    },
    {
        .algorithm = "rsa3072",
        .source =
            "NIST CAVS SigGen15_186-2 [mod = 3072] first SHAAlg = SHA256 entry (PKCS#1 v1.5); p, "
            "q, dp, dq, qinv computed from n, e, d; "
            "tests/vectors/asymmetric/RSA/FIPS_186-2/SigGen15_186-2.txt",
        .op = SM_OP_SIGN,
        .in = "5dc2b5a9d8d72492b8a4bd0bc45e2e18ba62b21a4c27355b6871b9e8bcc8f89f7a294a8858fbca69dc44"
              "b494d61d12042e6498a8dfb0ccff448a6ae593da06ada79ff36f02e364a312efd1efb3bb9c3ef6a8f512"
              "2071fb1bf65f230838bdde9d6c8c7606dc78396be20adac4631e14ef9a9890ff175309d8075aaef9b55b"
              "c898",
        .out =
            "654ff18089b8778a5f63eb4d743cf5bd0fe68a7575e0043e0007cf0133909eed03ef0472ed3e50d8ed88"
            "0259aac0a3406314b96ab60ba023576755e56484d550bbb7e02a0fa02e3b6907b6a7dc8e7264cea4e975"
            "e1205561796d19611c5c018c3a64bda31e4c8d7839e6da1f57656e44a5428226198b4a52997746a82415"
            "e3c8f4ee84d9fa8094149a4e765f525258fab720fecf6dd00550b141029d6e3b9ccdf1bcdbb3622ab976"
            "61180f283606377e7dde80c6abb073db6810ee4056d4e0b379394164adef8e22fdb32cb2f42e2bd2031b"
            "710c40d2f1e727b9218162468fd773767a9d4821942dd3937a672c03c0beeee7c1400c9e2c204fd86cb8"
            "62e68e78c18f702e5e10dc9ea1c3833bd209739d47db37036f96ad69380faa26f33e400ff849597c82d3"
            "f44b517d04ceab5490436c375409a43fa01624be3a1477a1b33ce984b021c9b3d86f9cb633a7da4e2f7f"
            "25467b4daefac4120d59398e4aab6c9ab8a511a853d66c6db91855bc9100017d058387cf68b9e6df390f"
            "3ba1a981a231",
        .rsa_n =
            "c755df3cd383466596520290b6f7afbe8b949eb5f9e449ef4e34e397b4d0a93257ad93a83b2d177ea37e"
            "eeab1ae175ccd81156ec1381072b30473f613f1b918d1b39653ba6cdd832e4429acba2fa05e44cb29698"
            "1ff7161f17a5535b2adfe0fa8a56b092f35dce1fbd4365e13970befed80b8d9f413297db07bcf491e5fe"
            "236dae0172e05147f7a85a3ec11a074a91aabda90e94949eecea765444ae30ef629ac682efcaa1272ee1"
            "7a2116019910323f00c95842cabb019cb0948bbb362ea57efa99a78b9785658edcda6c29884a10f3cf28"
            "9197d022aceb2cdbe681ff5c436ddea48a380b6b79fe2bb88f43c1922b3cc13df4baf7e6761f29d35b47"
            "c1adaea89594c4c7fde4eba855e8be1fee172af4b35cb732e39af61e582ddd60d93e06c74b0d560d015a"
            "02e5c4d4c33cd68b50cf69089fec3e19ebcdb45828e96f5d176584fd3827adf87c5b9174583a2373243c"
            "24d99ba202e0d4849e7ba073a6081330eb5b50254113fe3e4207a355c371f24607276eb7a884f2ccdfa8"
            "313d293d5e1d",
        .rsa_e = "010001",
        .rsa_d =
            "222a4af8a935151e08d1761c992ba34ce8ae18b4ce87ad0f6deb5d3ded911d0ae2a1becee513a1b5042f"
            "57976ea449954a4c508666826538e70db324871541d17a62d041d4e16fa6ab5e6a1b308c2371e19e7376"
            "cff5c0ee23d6a38e9aeee3e7f5498dfaa5e94450c6d6f43191ef8be0f0a52c49293ad371c865ffd238e6"
            "21eae4d9dd376adf07a8ec8cd87a8e58ded631ab35f34bf4e05d005a89aa047ba73e297b9c3f71f71e0f"
            "29e85d55f946e021d1cff0c783e961099aef5ef2bfc2e77cea58902d910279228addd532dc417e7c64f3"
            "94419a3d70dae19bae780bf932c502ed817dd7bf3c9dae31c9f4156f8029643a20054393c849b32dac39"
            "31695ceeb700c006caa8caf201cfeaeeafb0f4bac89416c50f14c93aac5e3efcdc9409e491450bc3ffba"
            "ae46b5647b7a9718ef0b32d52403e26679515ae70a5a9ac35851344602d8d424b6c556b64eddb9111df6"
            "6e6d8c82c4b9734eb986403957ffe415af0d13d3aea4734ec77b03e359bca2cfebc3e6cc96e46b3cb80b"
            "bc04205af3e1",
        .rsa_p =
            "ea383f07853d71ef94f8c1ba43fbcca0bb57aa6c6858cdd3006f2c04c170a180fafd902ccc42caa432e4"
            "b1d33f339cc1a7a77dab818ac1594bf277ac2ff2b5778411378f98fb4a26ad77e854419925f79339cabd"
            "62a43f7ff890aed1675665d7135b7c5a70cfb81a0d9bb066d2942eeb86f5d8ca930c10ed0e33189af202"
            "7a48acc3a7b2dd26de2b5b374f31798c814488c3f1f99d2cfc4a95c2fe305760bc745931ffc1666b6e67"
            "b6b9bd5e479e6220cd3c82507c6c6a9e60dc546379eec43d",
        .rsa_q =
            "d9df2ecbc706a2f0113ff44b53c5bc218b2e8fc0a0562513a399bb755445b7c3e84e8bb50944db6e1f83"
            "e251ceaa1217bf4efa1ea4ef6d04762ae17501311541a379f7b251b2c41cdafc71b570584aa7645cd964"
            "312c093abca58b27dadb79ee13c6396aa638a523cc12681f41b8abfb01c2f23a4ff540dcfc718232e62b"
            "2af2bf9e1b8710bec5aa7d2e91364ab27f381ee70d4607325c13bff68e402e0a72742f6a63ae97309979"
            "2461a1d66c58a5a7143cd4bf268ebb609976587b07023f61",
        .rsa_dp =
            "119557660122b3c300b40c1727b36791497f335420214a92649df3f8076da53241a5778565703e36457b"
            "d5bdbe28e9c3c00a5aecdd34c57f26ac753f7ffa0095905c9a87353ce83c2f19a95f69ed4d6460b11dff"
            "49c07ae3e88d34129467700dcd6e38cfb15866c1cdf3ba327dec91f92c90984ddcec32f918efcd1114ca"
            "0ad419e4365abf2f83ce4d72c1873d50c7039620dfb1959322fd9670a5148bfabf2b1ce71c0430e42fcd"
            "a972183d53b3183ace2d94bae61c5d84b650d42503aa6121",
        .rsa_dq =
            "af62c794094aa15dea34f69eb0f84ba3211cc1620a706e7669cbb6a913c6efd0c8307aaca8a282961ace"
            "9b20c9e204a09343ab7b81c0af9cd8d75a194b754cac43424b10844e092b4569d4cb7f7dc3d30eaae3e1"
            "90e7e7221e7c9111eb4fa4ceefa231d455ace1db784b15009c726217b4ea4efe7c216d2eb81553ff4f64"
            "4eb58d6564b98cd455e111d6abd4edbad548c32fb272be165f2312f412bd3d92f161f04d8fa31b586723"
            "ab12e129f09c47f5c107db27698d9aef7f7a526def4d72e1",
        .rsa_qinv =
            "d873b5f03c23a4822e0686af8f434ea6e874ad2ece94887ae36268a3a4b041b7831d9c715b6e88e536ed"
            "9c2b5c5c9d67b0dc8b49bc009f6cc54d6a77ed34b277ef2961d1201e0962817d44aed0c3bb88024768c2"
            "e9881481a68b81c43776efe1bb00d600232e2ceaa593ed64f06cbfea099a8108bb4af734afa22ff7f090"
            "3683c03bd6afbd0cc6ac26fe1add18bf19e5105fe59a0701f0f58f56e5ab2737029b34ba2e0eccf0d887"
            "ace51097f6abeb8bbb4b8d53de8c32239c337e00ee0f9869",
    },
    {
        .algorithm = "rsa3072",
        .source = "NIST CAVS SigVer15_186-3 [mod = 3072] SHAAlg = SHA256, Result = P; "
                  "tests/vectors/asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp",
        .op = SM_OP_VERIFY,
        .in = "dbbd09ff7b1c707c2bd52014adbb773ceb146aa72637c8724f5ac39fb5a5acc4e18bfe04be599e3ffe0f"
              "6186b870cfd2565527f5ae46a3d06f4bfcc7bf00317222e885959e03c6531da3d59e127b63f25ff9f943"
              "77d63b34bfeb6d893b4636df667da49a61427120503885450205bb05d0a9e879c70e1a0409df1dce709e"
              "4473",
        .rsa_n =
            "f33d3234f13272c3b2b6821ce4805663ff2e8b0d2a47de363d97fc9cc879cc6b40f9e53aea695dc538a0"
            "d2b558498829aac327eacbcd889e172b34f90745c5d528b7e82605f1a58fd228ec7fd4b6f476f393864f"
            "48dc47097c8a780a2ecc02f748138dbd7df99c52d822a2e5154c6047fb0eeb4f49da38edcae3c32d3fde"
            "435f291f96cad1e09e1030ad7efb4944b69e074d0d7964becb3cb86238d8d293bef3030d141d14868bc2"
            "1fa133e9de1115f749991cf86ef506e663ac162b2c8567ff131a6b467a6f564d6c588860becbd8897035"
            "4198ecdd4f1f4baee8f8bdaf7255835385f5673625f113550b123628a0be3994d91c3a19a82e5d73448d"
            "abf684ee6794fba7a2b1afbee0287e5a11180c29ce0896795d52ac7f408fe28e8e9116fe0b61a1083f95"
            "c5227d62d5537b5040b79e21b3a8e83c225bf3efebb2f808541e97d28a2468359fc60f588e74faad6112"
            "62064628a25d8d61f9d03d8b21cca515595aaf2343a759b74a6a8afeffca139a389aa281995cd18e16a9"
            "cf7b7ff0dddb",
        .rsa_e = "010001",
        .sig =
            "2e4d98c10e126e544d2b74bbcf0a4f03f081d4725a6661c0683d3612b01ddb2dd6f0391ef3679f39dc07"
            "85b37ac275f0d6841ed3a44ff7f6a407a085129a164faf63ff2aaed18ec6a5f7d27b48d017a50b24c8c4"
            "859ad2bb680ace5f3af57f2eac2d7337c0dd7403ffb2e8bac69dfdc98e62a07354b2fc93d03e499ee2d1"
            "26647edaba094196b693e98cb98ad2817ba3f7f522c8f786b6ef82632ef5a00d5d4f42db6d26709909ca"
            "751aa8174037c924628852ce78e2829493d6c741d3558adcf713734697754e55e7b3bea0d8717da8aba2"
            "b2874527a0b3a8d2e1433344dd6bbaee1ebc7fa352539d94c6b45f915c6979b8e18be8934d28d770806c"
            "6ff893660dffd0e948a8cce11ac870507f88c1f86caa875ad721326dcb4f0d5ecc2d2538c4fabcc6c756"
            "ce4a59bcdafc44568787cf2bd9650486da8c85fd0b87794547e179e498cb6a5b26f71f9987d703f2d534"
            "18411c1f9a3a2e6705637b7bbda9660641c0eb037eb432b2d7515d1ffa99175cfdb8a2a4eed013b947fa"
            "a4bf1c3cbd59",
        .valid = 1,
    },
    {
        .algorithm = "rsa3072",
        .source = "NIST CAVS SigVer15_186-3 [mod = 3072] SHAAlg = SHA256, Result = F (1 - Message "
                  "changed); tests/vectors/asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp",
        .op = SM_OP_VERIFY,
        .in = "631b9db77357d87e004b61ebda972db826db2b9f03c913136d7f5e2f601395ec406fcf96785f768162e8"
              "49f867dca77667ab0a195a7cd253387c44e31776d20393a59ce373c638578a70aeccdaa8c78100b188f4"
              "cc21f99a2f3a2bd25a76781c24640d86acb3a668408c99517e261641b994ad199fe1104f185e1be6713b"
              "119e",
        .rsa_n =
            "f33d3234f13272c3b2b6821ce4805663ff2e8b0d2a47de363d97fc9cc879cc6b40f9e53aea695dc538a0"
            "d2b558498829aac327eacbcd889e172b34f90745c5d528b7e82605f1a58fd228ec7fd4b6f476f393864f"
            "48dc47097c8a780a2ecc02f748138dbd7df99c52d822a2e5154c6047fb0eeb4f49da38edcae3c32d3fde"
            "435f291f96cad1e09e1030ad7efb4944b69e074d0d7964becb3cb86238d8d293bef3030d141d14868bc2"
            "1fa133e9de1115f749991cf86ef506e663ac162b2c8567ff131a6b467a6f564d6c588860becbd8897035"
            "4198ecdd4f1f4baee8f8bdaf7255835385f5673625f113550b123628a0be3994d91c3a19a82e5d73448d"
            "abf684ee6794fba7a2b1afbee0287e5a11180c29ce0896795d52ac7f408fe28e8e9116fe0b61a1083f95"
            "c5227d62d5537b5040b79e21b3a8e83c225bf3efebb2f808541e97d28a2468359fc60f588e74faad6112"
            "62064628a25d8d61f9d03d8b21cca515595aaf2343a759b74a6a8afeffca139a389aa281995cd18e16a9"
            "cf7b7ff0dddb",
        .rsa_e = "010001",
        .sig =
            "b3fc32b58ff28bdb60d7080dbd90e369d5b6ac8567f9953a3155e42ad86f671134b77d5f00cf1b686708"
            "da2dbcafd637b0e1c9dca59ee74b1bbdc339aac119661a2a1f3f837271a67c5788bf309f77752c4d62dd"
            "ddbec71bf7b066acfd08b96d840cf4aec4c52eff42bb85038d78d668466458dc7d69621206ee831726f2"
            "8e49a8a389789d39733abd67fa334c4ea1a39081bd1c086dea0a091e8eecb06d413799f88711084310c3"
            "0cc824fc8f48d0a3ebdf481123a30a5535ef0c8649ff42746441bcdf3a7ffc23cc13c5aa75b2fd8a413b"
            "0cfe1388cf724cc105c182615902f91caacdc7617e349a553738d5a329445c710787cb08b87332a91ef8"
            "fa1ecc4f86a7c56d6ddbeb3397d2f92d2f325d29fefce33954a6620e3bee73411f11a152418c5cb6f37e"
            "0305530bf510589f2918204584a9126a3372fd7f915070bdba48e54c596d8693a9d18f848bd5a53982e8"
            "c8c33fcb3959ccf4a56d3b942917673aaa9246a5baff5f5aeca056287cebd950968308d535b1a62a5aed"
            "92d95d9d6c2c",
        .valid = 0,
    },
    {
        .algorithm = "rsa4096",
        .source =
            "NIST CAVS SigGen15_186-2 [mod = 4096] first SHAAlg = SHA256 entry (PKCS#1 v1.5); p, "
            "q, dp, dq, qinv computed from n, e, d; "
            "tests/vectors/asymmetric/RSA/FIPS_186-2/SigGen15_186-2.txt",
        .op = SM_OP_SIGN,
        .in = "8b90a79fec955a7db26ba6737d3ed0455603d09b95c454f8013808eb3a97158954ace71ac52c34138146"
              "3a45637b4853cfb07f699682da2b19d96cecb2c0e9214f74681560ba67def476108f1e7abbaf9e9cb3ea"
              "bd0b3d0779e3d61ae2febdfbc40eb1f686e8fcc45223b0ba77e231410beef386d4088573697dcfdd94fa"
              "98ff",
        .out =
            "d058fc5d239b0f975fe10f3c3a6f36b0e9be32c9bd2e5c81d10d38c6d462bf08d70b1d8ce85cecbefa18"
            "f52672c9de7b152c93a89436c0eb5ede1aa78b17d07f3eecb628be117a23b5be3d5bdc48b6d50b864f48"
            "99129c3e917201963e063ed6ea428cf92b4ce358dcdde32f18e768edbf40c43caced67cdf97ca1133f8b"
            "a158b9b050ebff5bde22752b464e5740c8c6d990c44b291ddf652317a336ccef6e0e8a5f0811319c6d21"
            "3fbf44ba637f8f32341eac526ea90638378956bbab749d75148d6a408b4f6c8974921bcd2274be693732"
            "e1ae3083d17fdc89653e4c22e846d32f9c18853ff03c7f3cc176175ebcccebcb760d995ab3f3c557b2b3"
            "6b636382235729fc1dfbd88fa9c766daa351e0b0a4ae0d8ed63a01a45640361a0bb4056aae074e8ddf09"
            "6e50bb2f49b64b20dfd475a1c5fd3860e5283bcf3dfabb952c201c0d7fecf79595267bd455f825b67f59"
            "7238793b069512b65a5cf79a2fa6d2680e8004af7fbf65efdcf5912fc2d321c7b2bc969548c3da960cec"
            "d94631f75456d234ca3812a2ccad439a292dfde9fc98c1bc3e17262fdb0e167130fa8935efc84fab777d"
            "757f0dcebc76e85c8a4988bba63348af0c383a37b434ab600f80f295053e07cccc84575f8292645c2dbb"
            "f60616efa473767d47086710eb1fc2362e9784d07c314ba2d48a9ec4616e256ccc9dfb66d5444f5d0ede"
            "21c7bcf67c514683",
        .rsa_n =
            "d25c8f8c97b7e5a6a98de78f19ef18077cf952e64622e4142e6ba5c8ee265ea9b34b9e5cb2c1ac030754"
            "7faa70126229b32085988c0974a03198c89f8305be4bdc445ee577c60b7a7fdfd5cf7283f0a1d0f2d65b"
            "1ba2fbfb76c5039ee06a944d40ae3843c9a4d60571db4cd16e28ce5b9fb9fa83fa3cf8cfc1e871036125"
            "68ecdb1a5c50fbd0911b645983b629ba72bc2d228207b49e00bdae1b906aa15ea2d23f8c0e124c9e7de1"
            "b3cd3b9bc6a017c4de3f1d6548dacad6d4abd5f4e179a2a5e782fb8f818cf8f307f84f7f3bcd81059e73"
            "192036aca02f805070eded8b5de01037f2b34b41e86bb8c44760492cde4bc3b080d5b0624bfa1002bd6a"
            "75d0513b07c354e8edf8a6f57dc14290eb8850659788098b9971fc0492c3ced7c3478689444e771c9434"
            "fb624eb4243f740c3ef9c3f3f084bfb59f44a46a1d3b1438e661ba3ba08d525255224816348b4d696475"
            "ccac3871fc7836385f7078412cc58e36747d248bb1ab123fa33256c10d1102f77a60643f4247ac1cdfdf"
            "4d8d51deea80795964f801f97c4f955eb181136bb39abecd3549541ccc9d29e34a63241a4548e836c4d2"
            "159968596130a222608ae0b09d9ed30cbf04d83083457f60e8a686a452baa2b08c177ade1a3cbe7bc0d6"
            "ed846c24c4ad5bcaff3817fdf3381e64c39c18dd4f54eb82fc23d3139843228489399c156565df75f380"
            "8cbdfaa53594bac5",
        .rsa_e = "010001",
        .rsa_d =
            "28a6fc92c5eb22f54f44fe1fd87a2d219d542d6214e1bf43eb28a0743119b727825fb5ade259ad1d34b8"
            "6ea7885af51f6bdf7811dfd61ff4a941065c551cb206c4fd6d7d58e52be8b37795412eb732b482c5bb09"
            "06513bf2ffa3d92c45e032e2af023c1b55878658ad051d5647bc990c79d49e060d40e530791fab5f64d1"
            "aef23ef15c2fc64a2b10a916e76e37a8316e0e26e20c0d2a8fa81852795931f030f50294d54f52013b00"
            "7817cc52315354e495b28ac2bd0e932e6b10fe1b01cbd8d3c8e6b628a8778ed0a094ab004295573eb7bd"
            "3478d6380c08c1fa49a8a1445292ef6f707697af97f3e154051b256907588aebbc2a0f991f67a6da70b2"
            "772c17d63fd8d12b94ab4e0faf9330a4b4bfdcc6d9137262cff60ec003e61182f201bd07c7d3acad67cf"
            "2e780e29a11238785d4802ffa8136bfb4d3558b48e8cb77bd63ffd9bbeac0f51d297f009a7b603a38860"
            "3c59d7d68a02e2e027bc7249177b185e567b7a092986e8008101d4f58e917c5e9ecef56d5acc00767e0d"
            "74b49c2d3bd29ca290e8de04f6e161d5e48af3253a1710d1f5b7a50f888a1417b12c221ff25d9b106128"
            "829894cb16eed84333a96abb2ac310b4a72bd207ead3dc2560939307a74f3ba3b8aea576cd846ca963cf"
            "337fb41b506bd2320036e3b469af5a1db5a2d7419dfc762441da11275c8825d96d4ce2703a4e183fd20d"
            "4a9fb85da6a07b8d",
        .rsa_p =
            "eb927dcaa8edf40d2bc29504f2ab6537b58a8cb7911da05566d226137edc56d86f861f6842c76b92d417"
            "a4ac7d82773cf0fbd8f862f246f1ef29500b39c358b0529e97c5dce261dd6edaaaad3a03cac1ed637d6d"
            "d71c2e054c4175504ae8de3b5b81eccbbd665d55c1b3b0f17157e52c756b84fd38c3e0fb46c39dccf974"
            "70e154d726602f7ae8629448bd5f6aa550e650bbf492cc0ee539a557d0668d8f960a034a4e6e7846896c"
            "b144d9df6c16945846fad513dc26c42931a417065060d91e32806adce1f3c8dbde4d0c59c0d238e91fd0"
            "2f67b0330531b15379948810c085a7218592b2b76fead809a5e807f64d0231e4b45f6c46e98ee6ef43dd"
            "0d371887",
        .rsa_q =
            "e49a69d6749b111f10a0be2a02d637abf9c143608c2ec9a47c69364239b11f87a8e9289b24902411c3f3"
            "7dbcdaa1d6c4c320f0fadddeca69d56a0d2d24e4a689d9b3b5339975a6f2e43c9d6b99f71838bd2ed03b"
            "78f3e0326015288bfb96f4797e5fd947db33e0edfbe2e7e148bf432f6f53aacc64535127a6d05102c4ae"
            "4f8020575c7ff3b01a27914d20c3efe1a0d062f84754a9e865722e044e3a891400c646020682e8d69ccb"
            "2de413bc944477441d83707c50986638801ae8dd51b04f7278c89ef9c28cadff5811877241d210b3285e"
            "ebec604d9aa42578e790256a83ac3f11ee8b8ae8211b3a08e1baf7986b6d9c9453d5fcdb8309f35326a7"
            "8376c153",
        .rsa_dp =
            "e2a95723b21b12a1c1a33de33ee32f46c5048494f3a9ffe56c4373a37a82e384e8f9b22a8d6677d914fd"
            "92d2ed08a5561bc11769173b6a8bcac48361e9b84e1389cb52d96cc8ddc543ae5e5ec2dd772fd50bcf59"
            "ea8a10b5c4438f6f2c4497dfa1128817192bef4e5e4c594a56f66d69b3a93a92b315b5d9d0a2d3a8afb5"
            "1c0f93a458266048f06439ad2b992d71d73f641b151e51fd5b0d764be2176ac9e761c6fcae2e98c7b5de"
            "c14a30204b4e067a52017317e2d1e21888cd0be265606a4825eb6de70df9952008eb35a0fe68c79d77a0"
            "c69c0beb6b69fee704aaa7a906b512b4ac6314566ff714db63a8b850829444117c83fc18d70d4aa29937"
            "8e499eed",
        .rsa_dq =
            "c6d5d416d7478525db05a541cf43da1a785af42ac6e36f39e58871cc3a77e82fcbe8390c7049fb458485"
            "86293c9525c3f0e0f7198cdfda79214a63f98f2c5dfa6ae3d748f142971a8f1075f000741e9a435ab37d"
            "f71f503320c566861327e2aec60fc262b0b3b801e7641e42224f51b5b184397c1c0b27fc7028a33de02a"
            "a9358d6bcf25efa48dab3ac3b62b16bbce6f5296171cf9c80c6cbabfbdf74601a306d21fb2e02c7b76d7"
            "76abf9cabdbfab6910aea1a94f44af2c97a85041286b4d3f08f59ee928a1ca39ddb5297564f0bcdbc7d2"
            "802c123b8db5166eca22e39878bcda02d3d485d68fed29964e189c80f377dc885b3f35f70c4c1c5b87b4"
            "8e313dc7",
        .rsa_qinv =
            "9fdbecff85d66e0f0b431a0d6a902f3f9de97419bd40596281e0f1ea2ea38a36f92ac545c66d8e68e5db"
            "aa2243eb3a1db48663bbae32aceb227409d9fa99ea7445e404b6e20c4e5d4c43e46cfc914ca808fafb08"
            "b5b628764fc5c13cbba17741be58bcb89f840d9d3c405f005eccd926379d6439ec260153b47cff2a6e52"
            "76bf1c5e4191c608aa6d1128ea112c05a0e57401b561b6879c5ae2b0d329f629f0e59747daf031f663af"
            "aca8f795ccf6192cec49906149bd73bc88cf7f9ed0fb7346932dea6a3375ebce3b1fef81d181fe48a2d2"
            "a81978cc7774983c1df2c0604ef1d264bcfd39365487c6a3b64943027039e7b00f127615e5e42e72a2fa"
            "5a0ae80f",
    },
    {
        .algorithm = "rsa4096",
        .source = "NIST CAVS SigVer15_186-3 [mod = 4096] SHAAlg = SHA256, Result = P; "
                  "tests/vectors/asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp",
        .op = SM_OP_VERIFY,
        .in = "8f937d50d24a1a6ed858d2e3de56e5c23b917d5a936c87b84effc06d48041391caf42207ba6d23030ed7"
              "edca864752b99ba3b089b308c3d19668bdcc2578995d4ac9ac502b347de3a37cd685f22f1bddb3cddb0e"
              "0f2ca53a311b1d45f9464edbf55a42b48d69d0167d8fb69c89d6e8376b57277211a2d4fa0560075d2d37"
              "dc12",
        .rsa_n =
            "b10935650754c1a27e54f9ee525c77045d1a056baedc8c1ba05a3d66322c8e2e41689ca02b8e6ec55d33"
            "31cd714e161b35c774311540c6410cc3b130e65cec325377ccf18a5d77054afaa737e65b68662327627f"
            "5d1092df98c08b60a3ba67599b1406986f441528d2f1f5d6fe5ec6b8aa797dbdb3162876b08298237af8"
            "1c7004863576af572ddd66c487cf32a82d0f9fe260f8f2681613208aec55723622f50d3cb3bd33b1226d"
            "5b5b9ea2c97a2c59054e31536849ec2f0f2597c077e621ddea0a22ddfb1df925c9f1941cd431afce0398"
            "d28e736cfeab3dd7f062a65a2a4c1ddca1f32afa03b4ddfd8b7ca40cc0ce2ed42229d753f03cc6d8bcdc"
            "a76ab7c2703c5ddad08aa9bf9a27740a8b23168c6b55917bd3d5c1c057c34d1efb1411da51ab745519bd"
            "92b9432fea8fadcb9a70e5dc3adcd3081d3333507b7b998886e988296628dd7265e64eab557712556cc4"
            "92377f15a078dcb620a6e7f051a1fb8754efdca3de253dd0aad4205b032659e4a4fb307f074fbde34070"
            "2b5911acb34737d7834600cf2ac77f62f83ccc9ba78ff911021b9f8ad1bf421430ae0d64916944b50454"
            "2c0f6263c48e5e233ef1869df1efc2ccf6f4a95e4db2de7b4cb1a992bef6573511bab4bf2cd58e72a0c2"
            "35f56dfc182df4dfffb69433a5677415f35d84f5125f5200eb57868cce6b74c5833417990e318372c923"
            "9a36dca1a0b28809",
        .rsa_e = "010001",
        .sig =
            "2df1e58e7491739bb027c6315a70eebbcf37b8e5958df07578a589a47cbaf1edb23ff2e676f2f273a1cc"
            "0babd22e0bff874529cfd6479ae5c7250f06579eb212dd3f4058c476abae8e94c89afe05746c3aea9315"
            "5cf03195ce5f4eced399d2b61aab7f4060b69844cbff6303d264c4755be78af001d125af461fececad8f"
            "46a9c4b07420ca63c4212f80a751fcca6a4737684543fcf07b39089baa9995394766f69239479e7c9778"
            "c644e022dd4ec7e07a769aa75db2571e58a5e0ba1e4377e9677092bc9dee9d9dbb448441da8f4385b4d4"
            "f8ccff4b3dc3c3c3ac8ba11a6ce8caafa930108ba3603c5b0ef65a02a7afebebf605aa88511513a69b30"
            "86fdfc25c588c4d61a06219d0d5643410d3ae4d78b2f695efe4e0b82161c53bb9d4b8a83692bb16de8da"
            "18b4a6c2abbd0f6b0e24229077fd6c3bca918bc9d9f4518598238df0c925f8587fff0852c44e8107ccbc"
            "1ce6a9be3b0941c3b28bb03c87eeb959d719dba9a64a338c7b9931cdf6bb169686de1f8de0e1fa74d034"
            "19d164f2c8bd2030562705d1470415e48144181dfd31cdd4219b5d22f9a4c659923cf5c4edbde18e8277"
            "dae11264c11423c5481402e80af223f0c4faea0c2c7aefacbf513962c2f16af353ffae1414b408f726ee"
            "b946d7c4c8577e72d8f1d49ae2301cf70abee46d286a6fac1b888c334538abb3b830fae595bbb19ea9dc"
            "e46a343da031117c",
        .valid = 1,
    },
    {
        .algorithm = "rsa4096",
        .source = "NIST CAVS SigVer15_186-3 [mod = 4096] SHAAlg = SHA256, Result = F (1 - Message "
                  "changed); tests/vectors/asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp",
        .op = SM_OP_VERIFY,
        .in = "c9228bd9823d98cc91944bd362aba13e16f6cfc78d9fea74c383e8be607ec7f28ae80cd8fe5f6f935fc7"
              "d5c8cd907e02ba378055f910744218426fdbf01334277a66a7c8e58185dbe51453204d77945be0343ffa"
              "64c570f7f99f5e00a96f8dd640a345f35e2c426fca82ad2409e94b1130f4f5fcf647485b0da09d75b319"
              "3bc5",
        .rsa_n =
            "b10935650754c1a27e54f9ee525c77045d1a056baedc8c1ba05a3d66322c8e2e41689ca02b8e6ec55d33"
            "31cd714e161b35c774311540c6410cc3b130e65cec325377ccf18a5d77054afaa737e65b68662327627f"
            "5d1092df98c08b60a3ba67599b1406986f441528d2f1f5d6fe5ec6b8aa797dbdb3162876b08298237af8"
            "1c7004863576af572ddd66c487cf32a82d0f9fe260f8f2681613208aec55723622f50d3cb3bd33b1226d"
            "5b5b9ea2c97a2c59054e31536849ec2f0f2597c077e621ddea0a22ddfb1df925c9f1941cd431afce0398"
            "d28e736cfeab3dd7f062a65a2a4c1ddca1f32afa03b4ddfd8b7ca40cc0ce2ed42229d753f03cc6d8bcdc"
            "a76ab7c2703c5ddad08aa9bf9a27740a8b23168c6b55917bd3d5c1c057c34d1efb1411da51ab745519bd"
            "92b9432fea8fadcb9a70e5dc3adcd3081d3333507b7b998886e988296628dd7265e64eab557712556cc4"
            "92377f15a078dcb620a6e7f051a1fb8754efdca3de253dd0aad4205b032659e4a4fb307f074fbde34070"
            "2b5911acb34737d7834600cf2ac77f62f83ccc9ba78ff911021b9f8ad1bf421430ae0d64916944b50454"
            "2c0f6263c48e5e233ef1869df1efc2ccf6f4a95e4db2de7b4cb1a992bef6573511bab4bf2cd58e72a0c2"
            "35f56dfc182df4dfffb69433a5677415f35d84f5125f5200eb57868cce6b74c5833417990e318372c923"
            "9a36dca1a0b28809",
        .rsa_e = "010001",
        .sig =
            "7ddff91ff1168c9bf0843a1da3c141e1856e312c0d83c4052b9c134d3b0fa82a53e4e1923b051be39fb6"
            "245d6acda63026161feed4e2d56d83677ebb347b1849d479b3da628b02a3a411f86c443e7807f6b52399"
            "50bf2b060da1c6905dc75ec2e4236b8cdd77419361abd4720267ce447c104f437afab32af9e1b4c01049"
            "89ebefbaa7ec0c18a065a0c38a79ccd9e40eac3554d78f3dafdce7acf06e19e7e2792cd7c70bf1f0eb15"
            "e32c7d6c41331ad8c8a1bd70d4bf74e64548175d913999aa673c995bbe8ae3e68c362e3427c116290a96"
            "80d6d7b4be07de3cdeac0a0723699be8ad032f794610510ec4f61eaf355e56e15d053007b1d228a91b1f"
            "576597c1c78636c2202ff55c070eb3242b48eada77b90777001067fe61907ebccce40bb6b6361add7171"
            "7c3a429267147b341bfa8bf0400512c538948a9171f2d0aa278aef5b950b5b7722b372ed5c2ba1e18562"
            "f0fd7b7da7566f61f5adf1f8ed1023605f360872cd963286bb5685cfda4968f412922df0b9b7cd0ffd8d"
            "bd16a2382b6893b4d075bd0965f4f7e4e2c09b0bd00217fa6bcf9e0ac71309e071c4ca0077bcca9c60ee"
            "5226ef058ff8b7a076d68cf161b13dc90d51f65babe1f4727396f070af6b3dce92586e0d31028e6adcfc"
            "bc32c71551c7d688cf9c32fbb26d03c5fabd455fc716d9a9cb82a740a6a46627d80c75035b0bf02dac08"
            "ed6f45539f035885",
        .valid = 0,
    },
    {
        .algorithm = "dsa1024",
        .source = "NIST CAVS DSA SigVer (FIPS 186-3) [mod = L=1024, N=160, SHA-256] Result = P; "
                  "tests/vectors/asymmetric/DSA/FIPS_186-3/SigVer.rsp",
        .op = SM_OP_VERIFY,
        .in = "ab806e1cd9a590c37738d76d17e05d4fdd5a27c8d35a8386a47576175bc2e9f333bdec993965d706dad1"
              "535195b08a1d3c692e466da5f0d55671e16a017052631dfadc8e51b2679249bea5d971437ae6899f5a58"
              "913a38540a6afe639d1170a3a9f15b0b02499e6c7fb38396f75a451dd6a4f890361ffe0e310cf908c23f"
              "3fbd",
        .dsa_p =
            "be365a60635e80455c13362b9febfb3a89ce15fb15bdae3ed9821a805412fa1ffe44fd4598d87e1376cb"
            "c4d71d7dfac11ac93b9042062faf4ea315dda571b5cd578fb789e9a5bf52c6fc76b4efad69c59d25b919"
            "a54c2d2e93c1da290a584b06946dfd697ef42380ed0fbf6f783e46ff8fe6ca06863b2797e5e5b312ff26"
            "d2f1",
        .dsa_q = "cea68e6d533ea16e36a85b5f934cc77101b467ab",
        .dsa_g =
            "23af09eee977ea0b98670cacbb8ed1138059336db29ef19cca4fc578d84bbfc103cfbbdbdd9e8dc56d93"
            "aeadaecb86e85cc459ac3ee70cc729d4822e45310d284424713cf3a3762e9389330d3b4535773cc3738a"
            "456a39df28f8220428734085e0b86dc64b4e5380cada4bd45f08606fad5a3c9b1adaaa7c341797286db4"
            "7cc7",
        .dsa_y =
            "54294fc337ce875e2cd775ea2f070b217990281fcebbf69c62d0ec9f992e4c04d30dd17326a08e918231"
            "cdda26a46293af877243b96cae0bff256857a60a3046cd6bda442ee8b2df261d716afcfac9d734fe881e"
            "a810062a87930b71398147574dd64ad5f2812ca03301dabb6a0868a12aab5bee00f29ee5d0b61ba04bcd"
            "9621",
        .sig = "0ddd11a77b70780ed4c22d4c6b5da69140d4cb149e390130cdce95d9b12599c195acf24df37bcba2",
        .valid = 1,
    },
    {
        .algorithm = "dsa1024",
        .source =
            "NIST CAVS DSA SigVer (FIPS 186-3) [mod = L=1024, N=160, SHA-256] Result = F (1 - "
            "Message changed); tests/vectors/asymmetric/DSA/FIPS_186-3/SigVer.rsp",
        .op = SM_OP_VERIFY,
        .in = "edc82a03fb29309320ca7ea7de1e5aeaa23ec8bc192b9e517b25a6c7478feb24f31d7c01afcd4d182591"
              "a9a116da2f75a037165062c9e09edc38c1cca5d71a10d63836bb6a00f52f7aa04c7b345b5d75ec06aac1"
              "ba0ca0c216d8f4a355ba5058ae92fbcb3eaf16251972a96dd6f58542655d5954f498161d04844e8d4d2d"
              "9fb7",
        .dsa_p =
            "be365a60635e80455c13362b9febfb3a89ce15fb15bdae3ed9821a805412fa1ffe44fd4598d87e1376cb"
            "c4d71d7dfac11ac93b9042062faf4ea315dda571b5cd578fb789e9a5bf52c6fc76b4efad69c59d25b919"
            "a54c2d2e93c1da290a584b06946dfd697ef42380ed0fbf6f783e46ff8fe6ca06863b2797e5e5b312ff26"
            "d2f1",
        .dsa_q = "cea68e6d533ea16e36a85b5f934cc77101b467ab",
        .dsa_g =
            "23af09eee977ea0b98670cacbb8ed1138059336db29ef19cca4fc578d84bbfc103cfbbdbdd9e8dc56d93"
            "aeadaecb86e85cc459ac3ee70cc729d4822e45310d284424713cf3a3762e9389330d3b4535773cc3738a"
            "456a39df28f8220428734085e0b86dc64b4e5380cada4bd45f08606fad5a3c9b1adaaa7c341797286db4"
            "7cc7",
        .dsa_y =
            "162e2fbfd6e3cabb1d83800051fb14315812e6d68c8faf65c883b6d9923af8c6f91c30fb0f385b8fe211"
            "7a925f4a35b6d3326c90a676d872006e516e9e75df7babbf164a943a0004b8e7f2273bde6aec7dce31b2"
            "073fffed4406becbff975b3be2c99fec1b25307acad9c5d4b186e83cc76fc6a6819a3effbbaf463b7290"
            "b54b",
        .sig = "2492cd52b194a86d2848b697456b06de5bc0c131329c80d06e6ffc5a504ac066849f4006584561cb",
        .valid = 0,
    },
    {
        .algorithm = "dsa2048",
        .source = "NIST CAVS DSA SigVer (FIPS 186-3) [mod = L=2048, N=256, SHA-256] Result = P; "
                  "tests/vectors/asymmetric/DSA/FIPS_186-3/SigVer.rsp",
        .op = SM_OP_VERIFY,
        .in = "f93230c8e56f77d8507cadb3d3b930c715e06763f2f38cc735ec626e650e4d3b76b4f0427500106daa26"
              "71dcebbfaf04a8c660fa285cc059894c685b5eb0098d12e406a47200c66818c255a7a55edbb4d0a94fef"
              "563af9330bd90286e9a185910d741c19be9965f44b630fbbb5f434967101ccbc693545a39430402cc0dc"
              "270c",
        .dsa_p =
            "cdf428329e226cf715f18eed005e439a8c7b927edd24c866be6c1b370057059ea426d06f584f8e3c89f0"
            "2fe8d4042604a2fe0db63a87ff018dfaec7790b88fd1da8396561ae62df6f18d3540992efc5ecce63068"
            "f5f595687b8bbeed5801d5b6c6bdf362dadebb80e190d719d144db693fc43cefbd72b149570a96282fd9"
            "441c397d98b15d73f8cfaa8f6514a16f5992a0a02fd7b6e4932b1e7e7ef2db717815b11e867e187aae26"
            "f9c16ca0a5ca434acf8f3356c3711765fe5e548b1edce381bdd843580f9a881d702f00a0719c3bfa8576"
            "304decb616b08ef8db6f8c3d48923a2a30b9b505ad737af1cbb0019558487400379738fd89c1ee01285e"
            "76e2d98b",
        .dsa_q = "daf3ebd85f57a8731538596876e8a34e73c732bc69b4d64b010bd7d5b63a09ef",
        .dsa_g =
            "6cb6a8c1b8ea97173e5ae1d2a2d530468fd932b81a4f3c3e11042d56a61a504b9c207da7cdca293c04f7"
            "8583cf218e1cd2c1a92637ab4ff61d2eaa5e8e8221bfe17e6a741791f21c799221ae4c703262a6dc2e29"
            "5e36939e248dacaaffe673071f6dc7a90d7ca3427556fb99fb1fdca9de3f745b5e56be5b5933ebcba4f0"
            "c60fef3798cdca519997ef74acd7000d3a286d01c7000a66fe0066be4381842aa040c3bf465306c38752"
            "d41c29162c4d294f2b1f7e9ad9232aadb469047f4050b085bafa06283def7d84958528a3f129a3bc8146"
            "6c0ccd493fcaa87e805e7bd4450090ce55652dba15271234fbe0cfef66f3ed9d569e565bd1218f285663"
            "7a5b26a4",
        .dsa_y =
            "1c3aa2f539438145b05dd13a17d666022944fe6e3dc2a14e41a32fbc85546e0da88b5b9d822a17f0c30e"
            "d317f4cc716f2847871c192ea4dda488aea291ec31fb5a73424d12b034b642e175f25b102217a0bf1de6"
            "95923900c87f3f2911107ee06bb9f58cef4d18c29a016ebf63a4bea851c3a7e85a7c3d69e8896f59f9c7"
            "f1d77386c1e80391a1b9c4f82eaf59b6d72c7e8663b121fdd3b5510d5db5971658d233e25b646a27b1e1"
            "ae0c859dc73f7763b91fff6b3140e284c3a4650d17beeca2319c5c4a545f6de728137f5bbac6e3027e55"
            "88294ae5532891b8053dc9cbd0449a09e54f4e3ac4eaf7e1bd2a727de8f14a001db92870807898bb504f"
            "5f4389bc",
        .sig =
            "96246546c49d2a00c5605cc5bcb18e229e272374c4d7fa6c8ace99eafc080342b77d5dd30b6daae84580"
            "cf2b3cf31eca713c884dd5659cf5307c91e525991487",
        .valid = 1,
    },
    {
        .algorithm = "dsa2048",
        .source =
            "NIST CAVS DSA SigVer (FIPS 186-3) [mod = L=2048, N=256, SHA-256] Result = F (1 - "
            "Message changed); tests/vectors/asymmetric/DSA/FIPS_186-3/SigVer.rsp",
        .op = SM_OP_VERIFY,
        .in = "bc3414673a2a567aad487af1385b90bd1adb92361f59e27ede8af63e964ece90b1aa7a330a8e41549e3d"
              "1e0cd32b339fbaf1120a79ca3768bd1f60bea4def3eaa4625cb9b19169248800f82837feb151fd5d24de"
              "ce7bb1f7de45175cf77dfadaa12ae77f3f2cf55ddfd38714892d556ec91886c9734842304f1be1af439a"
              "56e8",
        .dsa_p =
            "cdf428329e226cf715f18eed005e439a8c7b927edd24c866be6c1b370057059ea426d06f584f8e3c89f0"
            "2fe8d4042604a2fe0db63a87ff018dfaec7790b88fd1da8396561ae62df6f18d3540992efc5ecce63068"
            "f5f595687b8bbeed5801d5b6c6bdf362dadebb80e190d719d144db693fc43cefbd72b149570a96282fd9"
            "441c397d98b15d73f8cfaa8f6514a16f5992a0a02fd7b6e4932b1e7e7ef2db717815b11e867e187aae26"
            "f9c16ca0a5ca434acf8f3356c3711765fe5e548b1edce381bdd843580f9a881d702f00a0719c3bfa8576"
            "304decb616b08ef8db6f8c3d48923a2a30b9b505ad737af1cbb0019558487400379738fd89c1ee01285e"
            "76e2d98b",
        .dsa_q = "daf3ebd85f57a8731538596876e8a34e73c732bc69b4d64b010bd7d5b63a09ef",
        .dsa_g =
            "6cb6a8c1b8ea97173e5ae1d2a2d530468fd932b81a4f3c3e11042d56a61a504b9c207da7cdca293c04f7"
            "8583cf218e1cd2c1a92637ab4ff61d2eaa5e8e8221bfe17e6a741791f21c799221ae4c703262a6dc2e29"
            "5e36939e248dacaaffe673071f6dc7a90d7ca3427556fb99fb1fdca9de3f745b5e56be5b5933ebcba4f0"
            "c60fef3798cdca519997ef74acd7000d3a286d01c7000a66fe0066be4381842aa040c3bf465306c38752"
            "d41c29162c4d294f2b1f7e9ad9232aadb469047f4050b085bafa06283def7d84958528a3f129a3bc8146"
            "6c0ccd493fcaa87e805e7bd4450090ce55652dba15271234fbe0cfef66f3ed9d569e565bd1218f285663"
            "7a5b26a4",
        .dsa_y =
            "002cc1264427522aa6ff6c9e3beb23e1d1714e7a3cd3b592faa74ff44e8d81a18b416c887a97a6e2f459"
            "2529116090a6ec4f0e73a45a9984c483cf7206e302c7d77e27e5eb11ac581821bd2b91b9857764e155f8"
            "50f5c25b909d6fe23c19595dde40750c7fb0e62d95c2944081c0d10767a11dbeb092c9b08d6d197dd34c"
            "dbd873f8db7c3d33987ed2fd2e395c86588edf131fadb936ef8085741f28c8f9d7848c65a709f9c44b8d"
            "b85989732332d809544c8c5362b39f97331b66086af5d3dc703a2c30d96ef0763e13c171728d7b057b30"
            "2c0c04642aa77b896c743da9f0d30349745e2e552bac2a4178591019af33058a1948ae4059c2efd7aa9f"
            "05df06bb",
        .sig =
            "59f9e094d7d55d3a3a362c6671542a92034e89f36354da25bd4f3efd65b430ef47a78ba3f773f398361c"
            "41266ce6c84d0443b9b233b52c7939b9dc6d69051e9c",
        .valid = 0,
    },
    {
        .algorithm = "ecdsa-p256",
        .source = "NIST CAVS ECDSA SigVer (FIPS 186-3) [P-256,SHA-256] Result = P (0 ); "
                  "tests/vectors/asymmetric/ECDSA/FIPS_186-3/SigVer.rsp",
        .op = SM_OP_VERIFY,
        .in = "e1130af6a38ccb412a9c8d13e15dbfc9e69a16385af3c3f1e5da954fd5e7c45fd75e2b8c36699228e928"
              "40c0562fbf3772f07e17f1add56588dd45f7450e1217ad239922dd9c32695dc71ff2424ca0dec1321aa4"
              "7064a044b7fe3c2b97d03ce470a592304c5ef21eed9f93da56bb232d1eeb0035f9bf0dfafdcc4606272b"
              "20a3",
        .pub =
            "04e424dc61d4bb3cb7ef4344a7f8957a0c5134e16f7a67c074f82e6e12f49abf3c970eed7aa2bc486515"
            "45949de1dddaf0127e5965ac85d1243d6f60e7dfaee927",
        .sig =
            "bf96b99aa49c705c910be33142017c642ff540c76349b9dab72f981fd9347f4f17c55095819089c2e03b"
            "9cd415abdf12444e323075d98f31920b9e0f57ec871c",
        .valid = 1,
    },
    {
        .algorithm = "ecdsa-p256",
        .source = "NIST CAVS ECDSA SigVer (FIPS 186-3) [P-256,SHA-256] Result = F (3 - S changed); "
                  "tests/vectors/asymmetric/ECDSA/FIPS_186-3/SigVer.rsp",
        .op = SM_OP_VERIFY,
        .in = "e4796db5f785f207aa30d311693b3702821dff1168fd2e04c0836825aefd850d9aa60326d88cde1a23c7"
              "745351392ca2288d632c264f197d05cd424a30336c19fd09bb229654f0222fcb881a4b35c290a093ac15"
              "9ce13409111ff0358411133c24f5b8e2090d6db6558afc36f06ca1f6ef779785adba68db27a409859fc4"
              "c4a0",
        .pub =
            "0487f8f2b218f49845f6f10eec3877136269f5c1a54736dbdf69f89940cad41555e15f369036f49842fa"
            "c7a86c8a2b0557609776814448b8f5e84aa9f4395205e9",
        .sig =
            "d19ff48b324915576416097d2544f7cbdf8768b1454ad20e0baac50e211f23b0a3e81e59311cdfff2d47"
            "84949f7a2cb50ba6c3a91fa54710568e61aca3e847c6",
        .valid = 0,
    },
    {
        .algorithm = "ecdsa-p384",
        .source = "NIST CAVS ECDSA SigVer (FIPS 186-3) [P-384,SHA-384] Result = P (0 ); "
                  "tests/vectors/asymmetric/ECDSA/FIPS_186-3/SigVer.rsp",
        .op = SM_OP_VERIFY,
        .in = "9dd789ea25c04745d57a381f22de01fb0abd3c72dbdefd44e43213c189583eef85ba662044da3de2dd86"
              "70e6325154480155bbeebb702c75781ac32e13941860cb576fe37a05b757da5b5b418f6dd7c30b042e40"
              "f4395a342ae4dce05634c33625e2bc524345481f7e253d9551266823771b251705b4a85166022a37ac28"
              "f1bd",
        .pub =
            "04cb908b1fd516a57b8ee1e14383579b33cb154fece20c5035e2b3765195d1951d75bd78fb23e00fef37"
            "d7d064fd9af144cd99c46b5857401ddcff2cf7cf822121faf1cbad9a011bed8c551f6f59b2c360f79bfb"
            "e32adbcaa09583bdfdf7c374bb",
        .sig =
            "33f64fb65cd6a8918523f23aea0bbcf56bba1daca7aff817c8791dc92428d605ac629de2e847d43cee55"
            "ba9e4a0e83ba4428bb478a43ac73ecd6de51ddf7c28ff3c2441625a081714337dd44fea8011bae71959a"
            "10947b6ea33f77e128d3c6ae",
        .valid = 1,
    },
    {
        .algorithm = "ecdsa-p384",
        .source = "NIST CAVS ECDSA SigVer (FIPS 186-3) [P-384,SHA-384] Result = F (2 - R changed); "
                  "tests/vectors/asymmetric/ECDSA/FIPS_186-3/SigVer.rsp",
        .op = SM_OP_VERIFY,
        .in = "4132833a525aecc8a1a6dea9f4075f44feefce810c4668423b38580417f7bdca5b21061a45eaa3cbe2a7"
              "035ed189523af8002d65c2899e65735e4d93a16503c145059f365c32b3acc6270e29a09131299181c98b"
              "3c76769a18faf21f6b4a8f271e6bf908e238afe8002e27c63417bda758f846e1e3b8e62d7f05ebd98f1f"
              "9154",
        .pub =
            "041f94eb6f439a3806f8054dd79124847d138d14d4f52bac93b042f2ee3cdb7dc9e09925c2a5fee70d4c"
            "e08c61e3b191601c4fd111f6e33303069421deb31e873126be35eeb436fe2034856a3ed1e897f26c846e"
            "e3233cd16240989a7990c19d8c",
        .sig =
            "3c15c3cedf2a6fbff2f906e661f5932f2542f0ce68e2a8182e5ed3858f33bd3c5666f17ac39e52cb004b"
            "80a0d4ba73cd9de879083cbb0a97973c94f1963d84f581e4c6541b7d000f9850deb25154b23a37dd7226"
            "7bdd72665cc7027f88164fab",
        .valid = 0,
    },
    {
        .algorithm = "ecdsa-p521",
        .source = "NIST CAVS ECDSA SigVer (FIPS 186-3) [P-521,SHA-512] Result = P (0 ); "
                  "tests/vectors/asymmetric/ECDSA/FIPS_186-3/SigVer.rsp",
        .op = SM_OP_VERIFY,
        .in = "f69417bead3b1e208c4c99236bf84474a00de7f0b9dd23f991b6b60ef0fb3c62073a5a7abb1ef69dbbd8"
              "cf61e64200ca086dfd645b641e8d02397782da92d3542fbddf6349ac0b48b1b1d69fe462d1bb492f34dd"
              "40d137163843ac11bd099df719212c160cbebcb2ab6f3525e64846c887e1b52b52eced9447a3d3193859"
              "3a87",
        .pub =
            "040153eb2be05438e5c1effb41b413efc2843b927cbf19f0bc9cc14b693eee26394a0d8880dc946a0665"
            "6bcd09871544a5f15c7a1fa68e00cdc728c7cfb9c4480348670143ae8eecbce8fcf6b16e6159b2970a9c"
            "eb32c17c1d878c09317311b7519ed5ece3374e7929f338ddd0ec0522d81f2fa4fa47033ef0c0872dc049"
            "bb89233eef9bc1",
        .sig =
            "00dd633947446d0d51a96a0173c01125858abb2bece670af922a92dedcec067136c1fa92e5fa73d7116a"
            "c9c1a42b9cb642e4ac19310b049e48c53011ffc6e7461c3600efbdc6a414bb8d663bb5cdb7c586bccfe7"
            "589049076f98cee82cdb5d203fddb2e0ffb77954959dfa5ed0de850e42a86f5a63c5a6592e9b9b8bd1b4"
            "0557b9cd0cc0",
        .valid = 1,
    },
    {
        .algorithm = "ecdsa-p521",
        .source = "NIST CAVS ECDSA SigVer (FIPS 186-3) [P-521,SHA-512] Result = F (2 - R changed); "
                  "tests/vectors/asymmetric/ECDSA/FIPS_186-3/SigVer.rsp",
        .op = SM_OP_VERIFY,
        .in = "a0732a605c785a2cc9a3ff84cbaf29175040f7a0cc35f4ea8eeff267c1f92f06f46d3b35437195185d32"
              "2cbd775fd24741e86ee9236ba5b374a2ac29803554d715fa4656ac31778f103f88d68434dd2013d4c4e9"
              "848a11198b390c3d600d712893513e179cd3d31fb06c6e2a1016fb96ffd970b1489e36a556ab3b537eb2"
              "9dff",
        .pub =
            "04012a593f568ca2571e543e00066ecd3a3272a57e1c94fe311e5df96afc1b792e5862720fc730e62052"
            "bbf3e118d3a078f0144fc00c9d8baaaa8298ff63981d09d911017cea5ae75a74100ee03cdf2468393eef"
            "55ddabfe8fd5718e88903eb9fd241e8cbf9c68ae16f4a1db26c6352afcb1894a9812da6d32cb862021c8"
            "6cd8aa483afc26",
        .sig =
            "01aac7692baf3aa94a97907307010895efc1337cdd686f9ef2fd8404796a74701e55b03ceef41f3e6f50"
            "a0eeea11869c4789a3e8ab5b77324961d081e1a3377ccc910009c1e7d93d056b5a97759458d58c49134a"
            "45071854b8a6b8272f9fe7e78e1f3d8097e8a6e731f7ab4851eb26d5aa4fdadba6296dc7af835fe3d1b6"
            "dba4b031d5f3",
        .valid = 0,
    },
    {
        .algorithm = "ed25519",
        .source = "RFC 8032 section 7.1 TEST 2 (= line 2 of sign.input: sk||pk:pk:msg:sig||msg); "
                  "tests/vectors/asymmetric/Ed25519/sign.input",
        .op = SM_OP_SIGN,
        .in = "72",
        .out =
            "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f"
            "3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
        .priv = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        .pub = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
    },
    {
        .algorithm = "ed25519",
        .source = "RFC 8032 section 7.1 TEST 3 (= line 3 of sign.input: sk||pk:pk:msg:sig||msg); "
                  "tests/vectors/asymmetric/Ed25519/sign.input",
        .op = SM_OP_VERIFY,
        .in = "af82",
        .pub = "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
        .sig =
            "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67"
            "f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
        .valid = 1,
    },
    {
        .algorithm = "ed448",
        .source = "RFC 8032 section 7.4 Ed448 test vector, COUNT = 1; "
                  "tests/vectors/asymmetric/Ed448/rfc8032.txt",
        .op = SM_OP_SIGN,
        .in = "03",
        .out =
            "26b8f91727bd62897af15e41eb43c377efb9c610d48f2335cb0bd0087810f4352541b143c4b981b7e18f"
            "62de8ccdf633fc1bf037ab7cd779805e0dbcc0aae1cbcee1afb2e027df36bc04dcecbf154336c19f0af7"
            "e0a6472905e799f1953d2a0ff3348ab21aa4adafd1d234441cf807c03a00",
        .priv =
            "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3b"
            "c397a659949ef8021e954e0a12274e",
        .pub =
            "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b843"
            "8ea4cb82169c235160627b4c3a9480",
    },
    {
        .algorithm = "ed448",
        .source = "RFC 8032 section 7.4 Ed448 test vector, COUNT = 3; "
                  "tests/vectors/asymmetric/Ed448/rfc8032.txt",
        .op = SM_OP_VERIFY,
        .in = "0c3e544074ec63b0265e0c",
        .pub =
            "dcea9e78f35a1bf3499a831b10b86c90aac01cd84b67a0109b55a36e9328b1e365fce161d71ce7131a54"
            "3ea4cb5f7e9f1d8b00696447001400",
        .sig =
            "1f0a8888ce25e8d458a21130879b840a9089d999aaba039eaf3e3afa090a09d389dba82c4ff2ae8ac5cd"
            "fb7c55e94d5d961a29fe0109941e00b8dbdeea6d3b051068df7254c0cdc129cbe62db2dc957dbb47b51f"
            "d3f213fb8698f064774250a5028961c9bf8ffd973fe5d5c206492b140e00",
        .valid = 1,
    },
    {
        .algorithm = "x25519",
        .source = "RFC 7748 section 5.2 first X25519 test vector, COUNT = 1; "
                  "tests/vectors/asymmetric/X25519/rfc7748.txt",
        .op = SM_OP_DERIVE,
        .out = "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
        .priv = "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
        .peer_pub = "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
    },
    {
        .algorithm = "x25519",
        .source = "RFC 7748 section 6.1: Alice's private key a, Bob's public key, shared secret K; "
                  "tests/vectors/rfc/rfc7748-section6.txt",
        .op = SM_OP_DERIVE,
        .out = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
        .priv = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
        .peer_pub = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
    },
    {
        .algorithm = "x448",
        .source = "RFC 7748 section 5.2 first X448 test vector, COUNT = 1; "
                  "tests/vectors/asymmetric/X448/rfc7748.txt",
        .op = SM_OP_DERIVE,
        .out =
            "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98"
            "223961111e21766282f73dd96b6f",
        .priv =
            "3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff449"
            "43eba368f54b29259a4f1c600ad3",
        .peer_pub =
            "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa"
            "5429db94ada18aa7a7fb4ef8a086",
    },
    {
        .algorithm = "x448",
        .source = "RFC 7748 section 6.2: Alice's private key a, Bob's public key, shared secret K; "
                  "tests/vectors/rfc/rfc7748-section6.txt",
        .op = SM_OP_DERIVE,
        .out =
            "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c"
            "24403085d59a449a5037514a879d",
        .priv =
            "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a94197448973910063"
            "82a6f127ab1d9ac2d8c0a598726b",
        .peer_pub =
            "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706"
            "dcb57aec3dae07bdc1c67bf33609",
    },
    {
        .algorithm = "ecdh-p256",
        .source =
            "NIST CAVS KAS ECC ZZOnly (dhStaticUnified, responder) [EC - SHA256] COUNT = 0, "
            "Result = P: priv = dsIUT, peer_pub = QsCAVS, out = Z; "
            "tests/vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax",
        .op = SM_OP_DERIVE,
        .out = "4a0eea8af2e2ad7e0ed880f40e0332b9837ab9622069a87c64b0581ee92409ca",
        .priv = "d18944fa9c790c73f9ae0e1bf60d43c455566956b5129ab46d81717a79f4ac41",
        .pub =
            "0430f856ecb153c43ce1d1bb4ed1c098235b06b7581739b7bb310ef54861eeb915687a181ab1b9147324"
            "554be8bac824915387bc9f54959defa053176aea3e42f7",
        .peer_pub =
            "04202d3ce22f0820187aed2487e53f4130e5cd079ed17af81660a3fb98989368a93908e29a553d01231b"
            "6039582fda6360cf1da617bfe51ba4c228d3951f8c6027",
    },
    {
        .algorithm = "ecdh-p384",
        .source =
            "NIST CAVS KAS ECC ZZOnly (dhStaticUnified, responder) [ED - SHA384] COUNT = 0, "
            "Result = P: priv = dsIUT, peer_pub = QsCAVS, out = Z; "
            "tests/vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax",
        .op = SM_OP_DERIVE,
        .out =
            "9bea314904b8fcabca810e91462c3bdaec32581fdbf28faeb5f14945a75561e5a223255def6804f941e8"
            "a4a044f4f302",
        .priv =
            "df17be65645873cb7c70c57b19fe3af1d2e3ab20f2d9a00a78dc1b8b39afaad6df4ff8c62f8d572cf148"
            "1ce1c7b3ee76",
        .pub =
            "042ee198ef17823aa6046d3552d521530435ef255a14055798b793fcbc0c3b4fe71256fd7e30406d4188"
            "7d60c055da09af47a6bc509633b27e0da544f5318f2b81fa18e549383d4e5a5057382ce50461d5c2a1d0"
            "7e576aa95f9c60021296a6ce95",
        .peer_pub =
            "04fc5e2139d12a5d6dee08f520ffab70a9aba568a2b88e41e797535363b682f0e7f4c85bab92f46e69ff"
            "cc0de8caf9a65aeb7a1813b41f54e26f88db542d4faa6b419c5b5dec5ea3ff384819dc2268126b6fc384"
            "cc50054afec7ab9f4897cf4313",
    },
    /* FIPS 203 ML-KEM: NIST ACVP keyGen and encapDecap (the encapsulation AFT and the
     * decapsulation VAL groups, one unmodified and one modified ciphertext). */
    {
        .algorithm = "ml-kem-512",
        .source = "NIST ACVP ML-KEM keyGen FIPS203 tgId 1 tcId 1: key_seed = d || z, out = ek, "
                  "priv = dk; tests/vectors/pq/ML-KEM-keyGen-FIPS203/internalProjection.json",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "2cb843a02ef02ee109305f39119fabf49ab90a57ffecb3a0e75e179450f5276184cc9121ae56fbf39e67"
            "adbd83ad2d3e3bb80843645206bdd9f2f629e3cc49b7",
        .out =
            "a32439f85a3c21d21a71b9b92a9b64ea0ab84312c77023694fd64eaab907a43539ddb27ba0a853cc9069"
            "eac8508c653e600b2ac018381b4bb4a879acdad342f91179ca8249525cb1968bbe52f755b7f5b43d6663"
            "d7a3bf0f3357d8a21d15b52db3818ece5b402a60c993e7cf436487b8d2ae91e6c5b88275e75824b0007e"
            "f3123c0ab51b5cc61b9b22380de66c5b20b060cbb986f8123d94060049cdf8036873a7be109444a0a1cd"
            "87a48cae54192484af844429c1c58c29ac624cd504f1c44f1e1347822b6f221323859a7f6f754bfe710b"
            "da60276240a4ff2a5350703786f5671f449f20c2a95ae7c2903a42cb3b303ff4c427c08b11b4cd31c418"
            "c6d18d0861873bfa0332f11271552ed7c035f0e4bc428c43720b39a65166ba9c2d3d770e130360cc2384"
            "e83095b1a159495533f116c7b558b650db04d5a26eaaa08c3ee57de45a7f88c6a3ceb24dc5397b88c3ce"
            "f003319bb0233fd692fda1524475b351f3c782182decf590b7723be400be14809c44329963fc46959211"
            "d6a623339537848c251669941d90b130258adf55a720a724e8b6a6cae3c2264b1624ccbe7b456b30c8c7"
            "393294ca5180bc837dd2e45dbd59b6e17b24fe93052eb7c43b27ac3dc249ca0cbca4fb5897c0b744088a"
            "8a0779d32233826a01dd6489952a4825e5358a700be0e179ac197710d83ecc853e52695e9bf87bb1f6cb"
            "d05b02d4e679e3b88dd483b0749b11bd37b383dcca71f9091834a1695502c4b95fc9118c1cfc34c84c22"
            "65bbbc563c282666b60ae5c7f3851d25ecbb5021cc38cb73eb6a3411b1c29046ca66540667d136954460"
            "c6fcbc4bc7c049bb047fa67a63b3cc1111c1d8ac27e8058bcca4a15455858a58358f7a61020bc9c4c17f"
            "8b95c268ccb404b9aab4a272a21a70daf6b6f15121ee01c156a354aa17087e07702eab38b3241fdb553f"
            "657339d5e29dc5d91b7a5a828ee959febb90b07229f6e49d23c3a190297042fb43986955b69c28e1016f"
            "77a58b431514d21b888899c3608276081b75f568097cdc1748f32307885815f3aec9651819aa6873d1a4"
            "eb83b1953843b93422519483fef0059d36bb2db1f3d468fb068c86e8973733c398eaf00e1702c6734ad8"
            "eb3b",
        .priv =
            "7fe4206f26bedb64c1ed0009615245dc98483f663acc617e65898d596a8836c49fbd3b4a849759aa1546"
            "bda835caf175642c28280892a7878cc318bcc75b834cb29fdf5360d7f982a52c88ae914dbf02b58beb8b"
            "a887ae8fab5eb78731c6757805471ebcec2e38db1f4b8310d288920d8a492795a390a74bcd55cd8557b4"
            "daaba82c28cb3f152c5231196193a66a8ccf34b80e1f6942c32bcff96a6e3cf3939b7b942498cc5e4cb8"
            "e8468e702759852aa229c0257f02982097338607c0f0f45446fab4267993b8a5908cab9c46780134804a"
            "e18815b1020527a222ec4b39a3194e661737791714122662d8b9769f6c67de625c0d483c3d420ff1bb88"
            "9a727e756281513a70047648d29c0c30f9be52ec0deb977cf0f34fc2078483456964743410638c57b553"
            "9577bf85669078c356b3462e9fa5807d49591afa41c1969f65e3405cb64ddf163f26734ce348b9cf4567"
            "a33a5969eb326cfb5adc695dca0c8b2a7b1f4f404cc7a0981e2cc24c1c23d16aa9b4392415e26c22f4a9"
            "34d794c1fb4e5a67051123ccd153764dec99d553529053c3da550bcea3ac54136a26a676d2ba84210670"
            "68c6381c2a62a727c933702ee5804a31ca865a45588fb74de7e2223d88c0608a16bfec4fad6752db56b4"
            "8b8872bf26ba2ffa0cede5343be8143689265e065f41a6925b86c892e62eb0772734f5a357c75ca1ac6d"
            "f78ab1b8885ad0819615376d33ebb98f8733a6755803d977bf51c12740424b2b49c28382a6917cbfa034"
            "c3f126a38c216c03c35770ad481b9084b5588da65ff118a74f932c7e537abe5863fb29a10c09701b441f"
            "8399c1f8a637825acea3e93180574fdeb88076661ab46951716a500184a040557266598caf76105e1c18"
            "70b43969c3bcc1a04927638017498bb62cafd3a6b082b7bf7a23450e191799619b925112d072025ca888"
            "548c791aa42251504d5d1c1cddb213303b049e7346e8d83ad587836f35284e109727e66bbcc9521fe0b1"
            "91630047d158f75640ffeb5456072740021afd15a45469c583829daac8a7deb05b24f0567e4317b3e3b3"
            "3389b5c5f8b04b099fb4d103a32439f85a3c21d21a71b9b92a9b64ea0ab84312c77023694fd64eaab907"
            "a43539ddb27ba0a853cc9069eac8508c653e600b2ac018381b4bb4a879acdad342f91179ca8249525cb1"
            "968bbe52f755b7f5b43d6663d7a3bf0f3357d8a21d15b52db3818ece5b402a60c993e7cf436487b8d2ae"
            "91e6c5b88275e75824b0007ef3123c0ab51b5cc61b9b22380de66c5b20b060cbb986f8123d94060049cd"
            "f8036873a7be109444a0a1cd87a48cae54192484af844429c1c58c29ac624cd504f1c44f1e1347822b6f"
            "221323859a7f6f754bfe710bda60276240a4ff2a5350703786f5671f449f20c2a95ae7c2903a42cb3b30"
            "3ff4c427c08b11b4cd31c418c6d18d0861873bfa0332f11271552ed7c035f0e4bc428c43720b39a65166"
            "ba9c2d3d770e130360cc2384e83095b1a159495533f116c7b558b650db04d5a26eaaa08c3ee57de45a7f"
            "88c6a3ceb24dc5397b88c3cef003319bb0233fd692fda1524475b351f3c782182decf590b7723be400be"
            "14809c44329963fc46959211d6a623339537848c251669941d90b130258adf55a720a724e8b6a6cae3c2"
            "264b1624ccbe7b456b30c8c7393294ca5180bc837dd2e45dbd59b6e17b24fe93052eb7c43b27ac3dc249"
            "ca0cbca4fb5897c0b744088a8a0779d32233826a01dd6489952a4825e5358a700be0e179ac197710d83e"
            "cc853e52695e9bf87bb1f6cbd05b02d4e679e3b88dd483b0749b11bd37b383dcca71f9091834a1695502"
            "c4b95fc9118c1cfc34c84c2265bbbc563c282666b60ae5c7f3851d25ecbb5021cc38cb73eb6a3411b1c2"
            "9046ca66540667d136954460c6fcbc4bc7c049bb047fa67a63b3cc1111c1d8ac27e8058bcca4a1545585"
            "8a58358f7a61020bc9c4c17f8b95c268ccb404b9aab4a272a21a70daf6b6f15121ee01c156a354aa1708"
            "7e07702eab38b3241fdb553f657339d5e29dc5d91b7a5a828ee959febb90b07229f6e49d23c3a1902970"
            "42fb43986955b69c28e1016f77a58b431514d21b888899c3608276081b75f568097cdc1748f323078858"
            "15f3aec9651819aa6873d1a4eb83b1953843b93422519483fef0059d36bb2db1f3d468fb068c86e89737"
            "33c398eaf00e1702c6734ad8eb3b620130d6c2b8c904a3bb9307be5103f8d814505fb6a60af7937ea6ca"
            "a117315e84cc9121ae56fbf39e67adbd83ad2d3e3bb80843645206bdd9f2f629e3cc49b7",
    },
    {
        .algorithm = "ml-kem-768",
        .source = "NIST ACVP ML-KEM keyGen FIPS203 tgId 2 tcId 26: key_seed = d || z, out = ek, "
                  "priv = dk; tests/vectors/pq/ML-KEM-keyGen-FIPS203/internalProjection.json",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "e34a701c4c87582f42264ee422d3c684d97611f2523efe0c998af05056d693dca85768f3486bd32a01bf"
            "9a8f21ea938e648eae4e5448c34c3eb88820b159eedd",
        .out =
            "6d14a071f7cc452558d5e71a7b087062ecb1386844588246126402b1fa1637733cd5f60cc84bcb646a78"
            "92614d7c51b1c7f1a2799132f13427dc482158da254470a59e00a4e49686fdc077559367270c2153f110"
            "07592c9c4310cf8a12c6a8713bd6bb51f3124f989ba0d54073cc242e0968780b875a869efb851586b9a8"
            "68a384b9e6821b201b932c455369a739ec22569c977c212b381871813656af5b567ef893b584624c863a"
            "259000f17b254b98b185097c50ebb68b244342e05d4de520125b8e1033b1436093ace7ce8e71b458d525"
            "673363045a3b3eea9455428a398705a42327adb3774b7057f42b017ec0739a983f19e8214d09195fa24d"
            "2d571db73c19a6f8460e50830d415f627b88e94a7b153791a0c0c7e9484c74d53c714889f0e321b6660a"
            "532a5bc0e557fbca35e29bc611200ed3c633077a4d873c5cc67006b753bf6d6b7af6ca402ab618236c0a"
            "ffbc801f8222fbc36ce0984e2b18c944bbcbef03b1e1361c1f44b0d734afb1566cff8744da8b9943d6b4"
            "5a3c09030702ca201ffe20cb7ec5b0d4149ee2c28e8b23374f471b57150d0ec9336261a2d5cb84a3acac"
            "c4289473a4c0abc617c9abc178734434c82e1685588a5c2ea2678f6b3c2228733130c466e5b86ef49115"
            "3e48662247b875d201020b566b81b64d839ab4633baa8ace202baab4496297f9807adbbb1e332c6f8022"
            "b2a18cfdd4a82530b6d3f007c3353898d966cc2c21cb4244bd00443f209870acc42bc33068c724ec1722"
            "3619c1093cca6aeb29500664d1225036b4b81091906969481f1c723c140b9d6c168f5b64bea69c5fd638"
            "5df7364b8723bcc85e038c7e464a900d68a2127818994217aec8bdb39a970a9963de93688e2ac82abcc2"
            "2fb9277ba22009e878381a38163901c7d4c85019538d35caae9c41af8c929ee20bb08ca619e72c2f2262"
            "c1c9938572551ac02dc9268fbcc35d79011c3c090ad40a4f111c9be55c427eb796c1932d8673579af1b4"
            "c638b0944489012a2559a3b02481b01ac30ba8960f80c0c2b3947d36a12c080498bee448716c973416c8"
            "242804a3da099ee137b0ba90fe4a5c6a89200276a0cfb643ec2c56a2d708d7b4373e44c1502a763a6005"
            "86e6cda6273897d44448287dc2e602dc39200bf6166236559fd12a60892aeb153dd651bb469910b4b346"
            "69f91da8654d1eb72eb6e02800b3b0a7d0a48c836854d3a83e65569cb7230bb44f3f143a6dec5f2c39ab"
            "90f274f2088bd3d6a6fca0070273bedc84777fb52e3c558b0ae06183d5a48d452f68e15207f861627aca"
            "14279630f82ec3a0ca078633b600afa79743a600215be5637458ce2ce8aff5a08eb5017b2c766577479f"
            "8dc6bf9f5cc75089932161b96cea406620aedb630407f7687ebbb4814c7981637a48a90de68031e062a7"
            "af7612b4f5c7a6da86bd136529e64295a5613ea73bd3d4448cb81f243135c0a660beb9c17e651def469a"
            "7d90a15d3481090bcbf227012328941fa46f39c5006ad93d458aa6add655862b418c3094f551460df215"
            "3a5810a7da74f0614c2588be49dc6f5e88154642bd1d3762563326433507156a57c57694bdd26e7a246f"
            "eb723aed67b04887c8e476b48cab59e5362f26a9ef50c2bc80ba146226216fe62968a60d04e8c170d741"
            "c7a2b0e1abdac968",
        .priv =
            "98a1b2da4a65cfb5845ea7311e6a06db731f1590c41ee74ba10782715b35a3102df637872be65bab37a1"
            "de2511d703c70247b35ef27435485024d93fd9e77c43804f371749ba00b20a8c5c588bc9abe068aeaaa9"
            "38517ebfe53b6b663282903dcd189736d7296816c733a1c77c6375e5397c0f189bbfe47643a61f58f8a3"
            "c6911be4611a8c7bc050021163d0a404dc14065748ff29be60d2b9fdcc8ffd98c587f38c67115786464b"
            "db342b17e897d64617cbfb117973a5458977a7d7617a1b4d83ba03c611138a4673b1eb34b078033f97cf"
            "fe80c146a26943f842b976327bf1cbc60119525bb9a3c03493349000dd8f51ba21a2e92361762324600e"
            "0c13aaa6cb69bfb24276483f6b02421259b7585263c1a028d682c508bbc2801a56e98b8f620b0483d79b"
            "5ad8585ac0a475bac77865194196338791b7985a05d109395cca8932722a91950d37e12b891420a52b62"
            "cbfa815df6174ce00e68bca75d4838ca280f713c7e6924afd95baa0d01ada637b158347034c0ab1a7183"
            "331a820acbcb83193a1a94c8f7e384aed0c35ed3cb3397bb638086e7a35a6408a3a4b90ce953707c19bc"
            "46c3b2da3b2ee32319c56b928032b5ed1256d0753d341423e9db139de7714ff075caf58fd9f57d1a5401"
            "9b5926406830dae29a875302a81256f4d6cf5e74034ea614bf70c2764b20c9589cdb5c25761a04e58292"
            "907c578a94a35836bee3112dc2c3ae2192c9deaa304b29c7fea1bdf47b3b6bcba2c0e55c9cdb6de7149e"
            "9cb17917718f12c8032de1ade0648d405519c70719becc701845cf9f4b912fe71983ca34f9018c7ca7bb"
            "2f6c5d7f8c5b297359ec75209c2543ff11c4244977c5969524ec454d44c323fcca94acac273a0ec49b4a"
            "8a585bce7a5b305c04c3506422580357016a850c3f7ee17205a77b291c7731c9836c02aee5406f63c6a0"
            "7a214382aa15336c05d1045588107645ea7de6870fc0e55e1540974301c42ec14105518680f688abe4ce"
            "453738fe471b87fc31f5c68a39e68af51b0240b90e0364b04bac43d6fb68ab65ae028b62bd683b7d28ad"
            "38806bee725b5b2416a8d79c16ec2a99ea4a8d92a2f5052e67f97352289761c5c39fc5c742e9c0a740ca"
            "59fc0182f709d01b5187f00063daab397596eea4a31bdbcbd4c1bb0c55be7c6850fda9326b353e288c50"
            "13226c3c3923a791609e8002e73a5f7b6bb4a877b1fdf53bb2bab3dd424d31bbb448e609a66b0e343c28"
            "6e8760312b6d37aa5201d21f53503d88389adca21c70fb6c0fc9c69d6616c9ea3780e35565c0c97c1517"
            "9c95343ecc5e1c2a24de4699f6875ea2fa2dd3e357bc43914795207e026b850a2237950c108a512fc88c"
            "22488112607088185fb0e09c2c4197a83687266bab2e583e21c40f4cc008fe652804d8223f1520a90b0d"
            "5385c7553cc767c58d120ccd3ef5b5d1a6cd7bc00dff1321b2f2c432b64efb8a3f5d0064b3f34293026c"
            "851c2ded68b9dff4a28f6a8d225535e0477084430cffda0ac0552f9a212785b749913a06fa2274c0d15b"
            "ad325458d323ef6bae13c0010d525c1d5269973ac29bda7c983746918ba0e002588e30375d78329e6b8b"
            "a8c4462a692fb6083842b8c8c92c60f252726d14a071f7cc452558d5e71a7b087062ecb1386844588246"
            "126402b1fa1637733cd5f60cc84bcb646a7892614d7c51b1c7f1a2799132f13427dc482158da254470a5"
            "9e00a4e49686fdc077559367270c2153f11007592c9c4310cf8a12c6a8713bd6bb51f3124f989ba0d540"
            "73cc242e0968780b875a869efb851586b9a868a384b9e6821b201b932c455369a739ec22569c977c212b"
            "381871813656af5b567ef893b584624c863a259000f17b254b98b185097c50ebb68b244342e05d4de520"
            "125b8e1033b1436093ace7ce8e71b458d525673363045a3b3eea9455428a398705a42327adb3774b7057"
            "f42b017ec0739a983f19e8214d09195fa24d2d571db73c19a6f8460e50830d415f627b88e94a7b153791"
            "a0c0c7e9484c74d53c714889f0e321b6660a532a5bc0e557fbca35e29bc611200ed3c633077a4d873c5c"
            "c67006b753bf6d6b7af6ca402ab618236c0affbc801f8222fbc36ce0984e2b18c944bbcbef03b1e1361c"
            "1f44b0d734afb1566cff8744da8b9943d6b45a3c09030702ca201ffe20cb7ec5b0d4149ee2c28e8b2337"
            "4f471b57150d0ec9336261a2d5cb84a3acacc4289473a4c0abc617c9abc178734434c82e1685588a5c2e"
            "a2678f6b3c2228733130c466e5b86ef491153e48662247b875d201020b566b81b64d839ab4633baa8ace"
            "202baab4496297f9807adbbb1e332c6f8022b2a18cfdd4a82530b6d3f007c3353898d966cc2c21cb4244"
            "bd00443f209870acc42bc33068c724ec17223619c1093cca6aeb29500664d1225036b4b8109190696948"
            "1f1c723c140b9d6c168f5b64bea69c5fd6385df7364b8723bcc85e038c7e464a900d68a2127818994217"
            "aec8bdb39a970a9963de93688e2ac82abcc22fb9277ba22009e878381a38163901c7d4c85019538d35ca"
            "ae9c41af8c929ee20bb08ca619e72c2f2262c1c9938572551ac02dc9268fbcc35d79011c3c090ad40a4f"
            "111c9be55c427eb796c1932d8673579af1b4c638b0944489012a2559a3b02481b01ac30ba8960f80c0c2"
            "b3947d36a12c080498bee448716c973416c8242804a3da099ee137b0ba90fe4a5c6a89200276a0cfb643"
            "ec2c56a2d708d7b4373e44c1502a763a600586e6cda6273897d44448287dc2e602dc39200bf616623655"
            "9fd12a60892aeb153dd651bb469910b4b34669f91da8654d1eb72eb6e02800b3b0a7d0a48c836854d3a8"
            "3e65569cb7230bb44f3f143a6dec5f2c39ab90f274f2088bd3d6a6fca0070273bedc84777fb52e3c558b"
            "0ae06183d5a48d452f68e15207f861627aca14279630f82ec3a0ca078633b600afa79743a600215be563"
            "7458ce2ce8aff5a08eb5017b2c766577479f8dc6bf9f5cc75089932161b96cea406620aedb630407f768"
            "7ebbb4814c7981637a48a90de68031e062a7af7612b4f5c7a6da86bd136529e64295a5613ea73bd3d444"
            "8cb81f243135c0a660beb9c17e651def469a7d90a15d3481090bcbf227012328941fa46f39c5006ad93d"
            "458aa6add655862b418c3094f551460df2153a5810a7da74f0614c2588be49dc6f5e88154642bd1d3762"
            "563326433507156a57c57694bdd26e7a246feb723aed67b04887c8e476b48cab59e5362f26a9ef50c2bc"
            "80ba146226216fe62968a60d04e8c170d741c7a2b0e1abdac968e29020839d052fa372585627f8b59ee3"
            "12ae414c979d825f06a6929a79625718a85768f3486bd32a01bf9a8f21ea938e648eae4e5448c34c3eb8"
            "8820b159eedd",
    },
    {
        .algorithm = "ml-kem-1024",
        .source = "NIST ACVP ML-KEM keyGen FIPS203 tgId 3 tcId 51: key_seed = d || z, out = ek, "
                  "priv = dk; tests/vectors/pq/ML-KEM-keyGen-FIPS203/internalProjection.json",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "49ac8b99bb1e6a8ea818261f8be68bdeaa52897e7ec6c40b530bc760ab77dce399e3246884181f8e1dd4"
            "4e0c7629093330221fd67d9b7d6e1510b2dbad8762f7",
        .out =
            "a04184d4bc7b532a0f70a54d7757cde6175a6843b861cb2bc4830c0012554cfc5d2c8a2027aa3cd96713"
            "0e9b96241b11c4320c7649cc23a71bafe691afc08e680bcef42907000718e4eace8da28214197be1c269"
            "da9cb541e1a3ce97cfadf9c6058780fe6793dbfa8218a2760b802b8da2aa271a38772523a76736a7a31b"
            "9d3037ad21cebb11a472b8792eb17558b940e70883f264592c689b240bb43d5408bf446432f412f4b9a5"
            "f6865cc252a43cf40a320391555591d67561fdd05353ab6b019b3a08a73353d51b6113ab2fa51d975648"
            "ee254af89a230504a236a4658257740bdcbbe1708ab022c3c588a410db3b9c308a06275bdf5b4859d3a2"
            "617a295e1a22f90198bad0166f4a943417c5b831736cb2c8580abfde5714b586abeec0a175a08bc710c7"
            "a2895de93ac438061bf7765d0d21cd418167caf89d1efc3448bcbb96d69b3e010c82d15cab6cacc6799d"
            "3639669a5b21a633c865f8593b5b7bc800262bb837a924a6c5440e4fc73b41b23092c3912f4c6bebb4c7"
            "b4c62908b03775666c22220df9c88823e344c7308332345c8b795d34e8c051f21f5a21c214b698413587"
            "09b1c305b32cc2c3806ae9ccd3819fff4507fe520fbfc27199bc23be6b9b2d2ac1717579ac769279e2a7"
            "aac68a371a47ba3a7dbe016f14e1a727333663c4a5cd1a0f8836cf7b5c49ac51485ca60345c990e06888"
            "720003731322c5b8cd5e6907fda1157f468fd3fc20fa8175eec95c291a262ba8c5be9908724189308523"
            "39d88a19b37fefa3cfe82175c224407ca414baeb37923b4d2d83134ae154e490a9b45a0563b06c953c33"
            "01450a2176a07c614a74e3478e48509f9a60ae945a8ebc7815121d90a3b0e07091a096cf02c57b25bca5"
            "8126ad0c629ce166a7edb4b33221a0d3f72b85d562ec698b7d0a913d73806f1c5c87b38ec003cb303a3d"
            "c51b4b35356a67826d6edaa8feb93b98493b2d1c11b676a6ad9506a1aaae13a824c7c08d1c6c2c4dba96"
            "42c76ea7f6c8264b64a23ccca9a74635fcbf03e00f1b5722b214376790793b2c4f0a13b5c40760b4218e"
            "1d2594dcb30a70d9c1782a5dd30576fa4144bfc8416eda8118fc6472f56a979586f33bb070fb0f1b0b10"
            "bc4897ebe01bca3893d4e16adb25093a7417d0708c83a26322e22e6330091e30152bf823597c04ccf4cf"
            "c7331578f43a2726ccb428289a90c863259dd180c5ff142bef41c7717094be07856da2b140fa67710967"
            "356aa47dfbc8d255b4722ab86d439b7e0a6090251d2d4c1ed5f20bbe6807bf65a90b7cb2ec0102af0280"
            "9dc9ac7d0a3abc69c18365bcff59185f33996887746185906c0191aed4407e139446459be29c68227176"
            "44353d24ab6339156a9c424909f0a9025bb74720779be43f16d81c8cc666e99710d8c68bb5cc4e12f314"
            "e925a551f09cc59003a1f88103c254bb978d75f394d3540e31e771cda36e39ec54a62b5832664d821a72"
            "f1e6afbba27f84295b2694c498498e812bc8e9378fe541cec5891b25062901cb7212e3cdc46179ec5bce"
            "c10bc0b9311de05074290687fd6a5392671654284cd9c8cc3eba80eb3b662eb53eb75116704a1feb5c2d"
            "056338532868ddf24eb8992ab8565d9e490cadf14804360daa90718eab616bab0765d33987b47efb6599"
            "c5563235e61e4be670e97955ab292d9732cb8930948ac82df230ac72297a23679d6b94c17f1359483254"
            "fedc2f05819f0d069a443b78e3fc6c3ef4714b05a3fca81cbba60242a7060cd885d8f39981bb18092b23"
            "daa59fd9578388688a09bba079bc809a54843a60385e2310bbcbcc0213ce3dfaab33b47f9d6305bc95c6"
            "107813c585c4b657bf30542833b14949f573c0612ad524baae69590c1277b86c286571bf66b3cff46a38"
            "58c09906a794df4a06e9d4b0a2e43f10f72a6c6c47e5646e2c799b71c33ed2f01eeb45938eb7a4e2e290"
            "8c53558a540d350369fa189c616943f7981d7618cf02a5b0a2bcc422e857d1a47871253d08293c1c179b"
            "cdc0437069107418205fdb9856623b8ca6b694c96c084b17f13bb6df12b2cfbbc2b0e0c34b00d0fcd0ae"
            "cfb27924f6984e747be2a09d83a8664590a8077331491a4f7d720843f23e652c6fa840308db4020337aa"
            "d37967034a9fb523b67ca70330f02d9ea20c1e84cb8e5757c9e1896b60581441ed618aa5b26da56c0a5a"
            "73c4dcfd755e610b4fc81ff84e21",
        .priv =
            "8c8b3722a82e550565521611ebbc63079944c9b1abb3b0020ff12f631891a9c468d3a67bf6271280da58"
            "d03cb042b3a461441637f929c273469ad15311e910de18cb9537ba1be42e98bb59e498a13fd440d0e69e"
            "e832b45cd95c382177d67096a18c07f1781663651bdcac90deda3ddd143485864181c91fa2080f6dab3f"
            "86204ceb64a7b4446895c03987a031cb4b6d9e0462fda829172b6c012c638b29b5cd75a2c930a5596a31"
            "81c33a22d574d30261196bc350738d4fd9183a763336243aced99b3221c71d8866895c4e52c119bf3280"
            "daf80a95e15209a795c4435fbb3570fdb8aa9bf9aefd43b094b781d5a81136dab88b8799696556fec6ae"
            "14b0bb8be4695e9a124c2ab8ff4ab1229b8aaa8c6f41a60c34c7b56182c55c2c685e737c6ca00a23fb8a"
            "68c1cd61f30d3993a1653c1675ac5f0901a7160a73966408b8876b715396cfa4903fc69d60491f814680"
            "8c97cd5c533e71017909e97b835b86ff847b42a696375435e006061cf7a479463272114a89eb3eaf2246"
            "f0f8c104a14986828e0ad20420c9b37ea23f5c514949e77ad9e9ad12290dd1215e11da274457ac86b1ce"
            "6864b122677f3718aa31b02580e64317178d38f25f609bc6c55bc374a1bf78ea8ecc219b30b74cbb3272"
            "a599238c93985170048f176775fb19962ac3b135aa59db104f7114dbc2c2d42949adeca6a85b323ee2b2"
            "b23a77d9db235979a8e2d67cf7d2136bbba71f269574b38888e1541340c19284074f9b7c8cf37eb01384"
            "e6e3822ec4882dfbbec4e6098ef2b2fc177a1f0bcb65a57fdaa89315461beb7885fb68b3cd096eda596a"
            "c0e61dd7a9c507bc6345e0827dfcc8a3ac2dce51ad731aa0eb932a6d0983992347cbeb3cd0d9c9719797"
            "cc21cf0062b0ad94cad734c63e6b5d859cbe19f0368245351bf464d7505569790d2bb724d8659a9feb1c"
            "7c473dc4d061e29863a2714bac42adcd1a8372776556f7928a7a44e94b6a25322d03c0a1622a7fd26152"
            "2b7358f085bdfb60758762cb901031901b5eecf4920c81020a9b1781bcb9dd19a9dfb66458e7757c52ce"
            "c75b4ba740a24099cb56bb60a76b6901aa3e0169c9e83496d73c4c99435a28d613e97a1177f58b6cc595"
            "d3b2331e9ca7b57b74dc2c5277d26f2fe19240a55c35d6cfca26c73e9a2d7c980d97960ae1a04698c16b"
            "398a5f20c35a0914145ce1674b71abc6066a909a3e4b911e69d5a849430361f731b07246a6329b523619"
            "04225082d0aac5b21d6b34862481a890c3c360766f04263603a6b73e802b1f70b2eb00046836b8f493bf"
            "10b90b8737c6c548449b294c47253be26ca72336a632063ad3d0b48c8b0f4a34447ef13b764020de739e"
            "b79aba20e2be1951825f293bedd1089fcb0a91f560c8e17cdf52541dc2b81f972a7375b201f10c08d9b5"
            "bc8b95100054a3d0aaff89bd08d6a0e7f2115a435231290460c9ad435a3b3cf35e52091edd1890047bcc"
            "0aabb1acebc75f4a32bc1451acc4969940788e89412188946c9143c5046bd1b458df617c5df533b052cd"
            "6038b7754034a23c2f7720134c7b4eace01fac0a2853a9285847abbd06a3343a778ac6062e458bc5e61e"
            "ce1c0de0206e6fe8a84034a7c5f1b005fb0a584051d3229b86c909ac5647b3d75569e05a88279d80e5c3"
            "0f574dc327512c6bbe8101239ec62861f4be67b05b9cda9c545c13e7eb53cff260ad9870199c21f8c63d"
            "64f0458a7141285023feb829290872389644b0c3b73ac2c8e121a29bb1c43c19a233d56bed82740eb021"
            "c97b8ebba40ff328b541760fcc372b52d3bc4fcbc06f424eaf253804d4cb46f41ff254c0c5ba483b44a8"
            "7c219654555ec7c163c79b9cb760a2ad9bb722b93e0c28bd4b1685949c496eab1aff90919e3761b34683"
            "8abb2f01a91e554375afdaaaf3826e6db79fe7353a7a578a7c0598ce28b6d9915214236bbffa6d45b637"
            "6a07924a39a7be818286715c8a3c110cd76c02e0417af138bdb95c3cca798ac809ed69cfb672b6fddc24"
            "d89c06a6558814ab0c21c62b2f84c0e3e0803db337a4e0c7127a6b4c8c08b1d1a76bf07eb6e5b5bb47a1"
            "6c74bc548375fb29cd789a5cff91bdbd071859f4846e355bb0d29484e264dff36c9177a7aca789088796"
            "95ca87f25436bc12630724bb22f0cb64897fe5c41195280da04184d4bc7b532a0f70a54d7757cde6175a"
            "6843b861cb2bc4830c0012554cfc5d2c8a2027aa3cd967130e9b96241b11c4320c7649cc23a71bafe691"
            "afc08e680bcef42907000718e4eace8da28214197be1c269da9cb541e1a3ce97cfadf9c6058780fe6793"
            "dbfa8218a2760b802b8da2aa271a38772523a76736a7a31b9d3037ad21cebb11a472b8792eb17558b940"
            "e70883f264592c689b240bb43d5408bf446432f412f4b9a5f6865cc252a43cf40a320391555591d67561"
            "fdd05353ab6b019b3a08a73353d51b6113ab2fa51d975648ee254af89a230504a236a4658257740bdcbb"
            "e1708ab022c3c588a410db3b9c308a06275bdf5b4859d3a2617a295e1a22f90198bad0166f4a943417c5"
            "b831736cb2c8580abfde5714b586abeec0a175a08bc710c7a2895de93ac438061bf7765d0d21cd418167"
            "caf89d1efc3448bcbb96d69b3e010c82d15cab6cacc6799d3639669a5b21a633c865f8593b5b7bc80026"
            "2bb837a924a6c5440e4fc73b41b23092c3912f4c6bebb4c7b4c62908b03775666c22220df9c88823e344"
            "c7308332345c8b795d34e8c051f21f5a21c214b69841358709b1c305b32cc2c3806ae9ccd3819fff4507"
            "fe520fbfc27199bc23be6b9b2d2ac1717579ac769279e2a7aac68a371a47ba3a7dbe016f14e1a7273336"
            "63c4a5cd1a0f8836cf7b5c49ac51485ca60345c990e06888720003731322c5b8cd5e6907fda1157f468f"
            "d3fc20fa8175eec95c291a262ba8c5be990872418930852339d88a19b37fefa3cfe82175c224407ca414"
            "baeb37923b4d2d83134ae154e490a9b45a0563b06c953c3301450a2176a07c614a74e3478e48509f9a60"
            "ae945a8ebc7815121d90a3b0e07091a096cf02c57b25bca58126ad0c629ce166a7edb4b33221a0d3f72b"
            "85d562ec698b7d0a913d73806f1c5c87b38ec003cb303a3dc51b4b35356a67826d6edaa8feb93b98493b"
            "2d1c11b676a6ad9506a1aaae13a824c7c08d1c6c2c4dba9642c76ea7f6c8264b64a23ccca9a74635fcbf"
            "03e00f1b5722b214376790793b2c4f0a13b5c40760b4218e1d2594dcb30a70d9c1782a5dd30576fa4144"
            "bfc8416eda8118fc6472f56a979586f33bb070fb0f1b0b10bc4897ebe01bca3893d4e16adb25093a7417"
            "d0708c83a26322e22e6330091e30152bf823597c04ccf4cfc7331578f43a2726ccb428289a90c863259d"
            "d180c5ff142bef41c7717094be07856da2b140fa67710967356aa47dfbc8d255b4722ab86d439b7e0a60"
            "90251d2d4c1ed5f20bbe6807bf65a90b7cb2ec0102af02809dc9ac7d0a3abc69c18365bcff59185f3399"
            "6887746185906c0191aed4407e139446459be29c6822717644353d24ab6339156a9c424909f0a9025bb7"
            "4720779be43f16d81c8cc666e99710d8c68bb5cc4e12f314e925a551f09cc59003a1f88103c254bb978d"
            "75f394d3540e31e771cda36e39ec54a62b5832664d821a72f1e6afbba27f84295b2694c498498e812bc8"
            "e9378fe541cec5891b25062901cb7212e3cdc46179ec5bcec10bc0b9311de05074290687fd6a53926716"
            "54284cd9c8cc3eba80eb3b662eb53eb75116704a1feb5c2d056338532868ddf24eb8992ab8565d9e490c"
            "adf14804360daa90718eab616bab0765d33987b47efb6599c5563235e61e4be670e97955ab292d9732cb"
            "8930948ac82df230ac72297a23679d6b94c17f1359483254fedc2f05819f0d069a443b78e3fc6c3ef471"
            "4b05a3fca81cbba60242a7060cd885d8f39981bb18092b23daa59fd9578388688a09bba079bc809a5484"
            "3a60385e2310bbcbcc0213ce3dfaab33b47f9d6305bc95c6107813c585c4b657bf30542833b14949f573"
            "c0612ad524baae69590c1277b86c286571bf66b3cff46a3858c09906a794df4a06e9d4b0a2e43f10f72a"
            "6c6c47e5646e2c799b71c33ed2f01eeb45938eb7a4e2e2908c53558a540d350369fa189c616943f7981d"
            "7618cf02a5b0a2bcc422e857d1a47871253d08293c1c179bcdc0437069107418205fdb9856623b8ca6b6"
            "94c96c084b17f13bb6df12b2cfbbc2b0e0c34b00d0fcd0aecfb27924f6984e747be2a09d83a8664590a8"
            "077331491a4f7d720843f23e652c6fa840308db4020337aad37967034a9fb523b67ca70330f02d9ea20c"
            "1e84cb8e5757c9e1896b60581441ed618aa5b26da56c0a5a73c4dcfd755e610b4fc81ff84e21d2e574df"
            "d8cd0ae893aa7e125b44b924f45223ec09f2ad1141ea93a68050dbf699e3246884181f8e1dd44e0c7629"
            "093330221fd67d9b7d6e1510b2dbad8762f7",
    },
    {
        .algorithm = "ml-kem-512",
        .source =
            "NIST ACVP ML-KEM encapDecap FIPS203 tgId 1 tcId 1 (encapsulation): pub = ek, in = m, "
            "out = c || k; tests/vectors/pq/ML-KEM-encapDecap-FIPS203/internalProjection.json",
        .op = SM_OP_ENCAPS,
        .pub =
            "dd1924935aa8e617af18b5a065ac45727767ee897cf4f9442b2ace30c0237b307d3e76bf8eeb78addc4a"
            "acd16463d8602fd5487b63c88bb66027f37d0d614d6f9c24603c42947664ac4398c6c52383469b4f9777"
            "e5ec7206210f3e5a796bf45c53268e25f39ac261af3bfa2ee755beb8b67ab3ac8df6c629c1176e9e3b96"
            "5e9369f9b3b92ad7c20955641d99526fe7b9fe8c850820275cd964849250090733ce124ecf316624374b"
            "d18b7c358c06e9c136ee1259a9245abc55b964d689f5a08292d28265658ebb40cbfe488a2228275590ab"
            "9f32a34109709c1c291d4a23337274c7a5a5991c7a87b81c974ab18ce77859e4995e7c14f0371748b771"
            "2fb52c5966cd63063c4f3b81b47c45dde83fb3a2724029b10b3230214c04fa0577fc29ac9086ae18c53b"
            "3ed44e507412fca04b4f538a51588ec1f1029d152d9ae7735f76a077aa9484380aed9189e5912487fcc5"
            "b7c7012d9223dd967eecdac3008a8931b648243537f548c171698c5b381d846a72e5c92d4226c5a89098"
            "84f1c4a3404c1720a5279414d7f27b2b982652b6740219c56d217780d7a5e5ba59836349f726881dea18"
            "ef75c0772a8b922766953718cacc14ccbacb5fc412a2d0be521817645ab2bf6a4785e92bc94caf477a96"
            "7876796c0a5190315ac0885671a4c749564c3b2c7aed9064eba299ef214ba2f40493667c8bd032aec562"
            "1711b41a3852c5c2bab4a349ce4b7f085a812bbbc820b81befe63a05b8bcdfe9c2a70a8b1aca9bf98164"
            "81907ff4432461111287303f0bd817c05726bfa18a2e24c7724921028032f622bd960a317d83b356b57f"
            "4a8004499cbc73c97d1eb7745972631c0561c1a3ab6ef91bd363280a10545da693e6d58aed6845e7cc5f"
            "0d08ca7905052c77366d1972ccfcc1a27610cb543665aa798e20940128b9567a7edb7a900407c70d3594"
            "38435e13961608d552a94c5cda7859220509b483c5c52a210e9c812bc0c2328ca00e789a56b2606b9029"
            "2e3543dacaa2431841d61a22ca90c1ccf0b5b4e0a6f640536d1a26ab5b8d2151327928ce02904cf1d15e"
            "32788a95f62d3c270b6fa1508f97b9155a2726d80a1afa3c5387a276a4d031a08abf4f2e74f1a0bb8a0f"
            "d3cb",
        .in = "6ff02e1dc7fd911beee0c692c8bd100c3e5c48964d31df92994218e80664a6ca",
        .out =
            "19c592505907c24c5fa2ebfa932d2cbb48f3e4340a28f7eba5d068fcacabedf77784e2b24d7961775f0b"
            "f1a997ae8ba9fc4311be63716779c2b788f812cbb78c74e7517e22e910eff5f38d44469c50de1675ae19"
            "8fd6a289ae7e6c30a9d4351b3d1f4c36eff9c68da91c40b82dc9b2799a33a26b60a4e70d710186277946"
            "9f3a9daec8e3e8f8c6a16bf092fba5866186b8d208fdeb274ac1f829659dc2be4ac4f306cb5584bad193"
            "6a92c9b76819234281bb395841c25756086ea564ca3e227e3d9f1052c0766d2eb79a47c150721e0dea7c"
            "0069d551b264801b7727ecaf82eecb99a876fda090bf6c3fc6b109f1701485f03ce66274b8435b0a014c"
            "fb3e79cced67057b5ae2ad7f5279eb714942e4c1ccff7e85c0db43e5d41289207363b444bb51bb8ab037"
            "1e70cbd55f0f3dad403e105176e3e8a225d84ac8bee38c821ee0f547431145dcb3139286abb11794a43a"
            "3c1b5229e4bcfe959c78adaee2d5f2497b5d24bc21fa03a9a58c2455373ec89583e7e588d7fe67991ee9"
            "3783ed4a6f9eeae04e64e2e1e0e699f6dc9c5d39ef9278c985e7fdf2a764ffd1a0b95792ad681e930d76"
            "df4efe5d65dbbd0f1438481ed833ad4946ad1c69ad21dd7c86185774426f3fcf53b52ad4b40d228ce124"
            "072f592c7daa057f17d790a5bd5b93834d58c08c88dc8f0ef488156425b744654eaca9d64858a4d6ceb4"
            "78795194bfadb18dc0ea054f9771215ad3cb1fd031d7be4598621926478d375a1845aa91d7c733f8f0e1"
            "88c83896edf83b8646c99e29c0da2290e71c3d2e970720c97b5b7f950486033c6a2571ddf2bccdabb2df"
            "a5fce4c3a1884606041d181c728794ae0e806ecb49af16756a4ce73c87bd4234e60f05535fa5929fd5a3"
            "4473266401f63bbd6b90e003472ac0ce88f1b666597279d056a632c8d6b790fd411767848a69e37a8a83"
            "9bc766a02ca2f695ec63f056a4e2a114cacf9fd90d730c970db387f6de73395f701a1d953b2a89dd7eda"
            "d439fc205a54a481e889b098d5255670f026b4a2bf02d2bdde87c766b25fc5e0fd453757e756d18c8cd9"
            "12f9a77f8e6bf0205374b4620bf323338d6f0a21d5514b673cd10b714ce6e36f35bcd1bf544196368ee5"
            "1a13",
    },
    {
        .algorithm = "ml-kem-768",
        .source =
            "NIST ACVP ML-KEM encapDecap FIPS203 tgId 2 tcId 26 (encapsulation): pub = ek, in = m, "
            "out = c || k; tests/vectors/pq/ML-KEM-encapDecap-FIPS203/internalProjection.json",
        .op = SM_OP_ENCAPS,
        .pub =
            "89d2cb65f94dcbfc890efc7d0e5a7a38344d1641a3d0b024d50797a5f23c3a18b3101a1269069f43a842"
            "bacc098a8821271c673db1beb33034e4d7774d16635c7c2c3c2763453538bc1632e1851591a51642974e"
            "5928abb8e55fe55612f9b141aff015545394b2092e590970ec29a7b7e7aa1fb4493bf7cb731906c2a5cb"
            "49e6614859064e19b8fa26af51c44b5e7535bfdac072b646d3ea490d277f0d97ced47395fed91e8f2bce"
            "0e3ca122c2025f74067ab928a822b35653a74f06757629afb1a1caf237100ea935e793c8f58a71b3d6ae"
            "2c8658b10150d4a38f572a0d49d28ae89451d338326fdb3b4350036c1081117740edb86b12081c5c1223"
            "dbb5660d5b3cb3787d481849304c68be875466f14ee5495c2bd795ae412d09002d65b8719b90cba3603a"
            "c4958ea03cc138c86f7851593125334701b677f82f4952a4c93b5b4c134bb42a857fd15c650864a6aa94"
            "eb691c0b691be4684c1f5b7490467fc01b1d1fda4dda35c4ecc231bc73a6fef42c99d34eb82a4d014987"
            "b3e386910c62679a118f3c5bd9f467e4162042424357db92ef484a4a1798c1257e870a30cb20aaa0335d"
            "83314fe0aa7e63a862648041a72a6321523220b1ace9bb701b21ac1253cb812c15575a9085eabeade73a"
            "4ae76e6a7b158a20586d78a5ac620a5c9abcc9c043350a73656b0abe822da5e0ba76045fad75401d7a3b"
            "703791b7e99261710f86b72421d240a347638377205a152c794130a4e047742b888303bddc309116764d"
            "e7424cebea6db65348ac537e01a9cc56ea667d5aa87ac9aaa4317d262c10143050b8d07a728ca633c13e"
            "468abcead372c77b8ecf3b986b98c1e55860b2b4216766ad874c35ed7205068739230220b5a2317d102c"
            "598356f168acbe80608de4c9a710b8dd07078cd7c671058af1b0b8304a314f7b29be78a933c7b9294424"
            "954a1bf8bc745de86198659e0e1225a910726074969c39a97c19240601a46e013dcdcb677a8cbd2c95a4"
            "0629c256f24a328951df57502ab30772cc7e5b850027c8551781ce4985bdacf6b865c104e8a4bc65c416"
            "94d456b7169e45ab3d7acabeafe23ad6a7b94d1979a2f4c1cae7cd77d681d290b5d8e451bfdcccf5310b"
            "9d12a88ec29b10255d5e17a192670aa9731c5ca67ec784c502781be8527d6fc003c6701b3632284b4030"
            "7a527c7620377feb0b73f722c9e3cd4dec64876b93ab5b7cfc4a657f852b659282864384f442b22e8a21"
            "109387b8b47585fc680d0ba45c7a8b1d7274bda57845d100d0f42a3b74628773351fd7ac305b2497639b"
            "e90b3f4f71a6aa3561eecc6a691bb5cb3914d8634ca1e1af543c049a8c6e868c51f0423bd2d5ae09b79e"
            "57c27f3fe3ae2b26a441babfc6718ce8c05b4fe793b910b8fbcbbe7f1013242b40e0514d0bdc5c88bac5"
            "94c794ce5122fbf34896819147b928381587963b0b90034aa07a10be176e01c80ad6a4b71b10af424140"
            "0a2a4cbbc05961a15ec1474ed51a3cc6d35800679a462809caa3ab4f7094cd6610b4a700cba939e7eac9"
            "3e38c99755908727619ed76a34e53c4fa25bfc97008206697dd145e5b9188e5b014e941681e15fe3e132"
            "b8a3903474148ba28b987111c9bcb3989bbbc671c581b44a492845f288e62196e471fed3c39c1bbddb08"
            "37d0d4706b0922c4",
        .in = "2ce74ad291133518fe60c7df5d251b9d82add48462ff505c6e547e949e6b6bf7",
        .out =
            "56b42d593aab8e8773bd92d76eabddf3b1546f8326f57a7b773764b6c0dd30470f68dff82e0dca925092"
            "74ecfe83a954735fde6e14676daaa3680c30d524f4efa79ed6a1f9ed7e1c00560e8683538c3105ab931b"
            "e0d2b249b38cb9b13af5ceaf7887a59dba16688a7f28de0b14d19f391eb41832a56479416ccf94e99739"
            "0ed7878eeaff49328a70e0ab5fce6c63c09b35f4e45994de615b88bb722f70e87d2bbd72ae71e1ee9008"
            "e459d8e743039a8ddeb874fce5301a2f8c0ee8c2fee7a4ee68b5ed6a6d9ab74f98bb3ba0fe89e82bd5a5"
            "25c5e8790f818ccc605877d46c8bdb5c337b025bb840ff471896e43bfa99d73dbe31805c27a43e57f061"
            "8b3ae522a4644e0d4e4c1c548489431be558f3bfc50e16617e110dd7af9a6fd83e3fbb68c304d15f6cb7"
            "00d61d7aa915a6751ea3ba80223e654132a20999a43bf408592730b9a9499636c09fa729f9cb1f9d3442"
            "f47357a2b9cf15d3103b9bf396c23088f118ede346b5c03891cfa5d517cef8471322e7e31087c4b036ab"
            "ad784bff72a9b11fa198facbcb91f067feaf76fcfe5327c1070b3da6988400756760d2d1f060298f1683"
            "d51e3616e98c51c9c03aa42f2e633651a47ad3cc2ab4a852ae0c4b04b4e1c3dd944445a2b12b4f42a643"
            "5105c04122fc3587afe409a00b308d63c5dd8163654504eedbb7b5329577c35fbeb3f463872cac28142b"
            "3c12a740ec6ea7ce9ad78c6fc8fe1b4df5fc55c1667f31f2312da07799dc870a478608549fedafe021f1"
            "cf2984180364e90ad98d845652aa3cdd7a8eb09f5e51423fab42a7b7bb4d514864be8d71297e9c3b17a9"
            "93f0ae62e8ef52637bd1b885bd9b6ab727854d703d8dc478f96cb81fce4c60383ac01fcf0f971d4c8f35"
            "2b7a82e218652f2c106ca92ae686bacfcef5d327347a97a9b375d67341552bc2c538778e0f9801823ccd"
            "fcd1eaaded55b18c9757e3f212b2889d3857db51f981d16185fd0f900853a75005e3020a8b95b7d8f2f2"
            "631c70d78a957c7a62e1b3719070acd1fd480c25b83847da027b6ebbc2eec2df22c87f9b46d5d7baf156"
            "b53cee929572b92c4784c4e829f3446a1ffe47f99decd0436029ddebd3ed8e87e5e73d123dbe8a4ddacf"
            "2abde87f33ae2b621c0ec5d5cad1259deec2aeff6088f04f27a20338b5762543e5100899a4cbfb7b3ca4"
            "56b3a19b83a4c432230c23e1c7f107c4cb112152f1c0f30da0bb33f4f11f47eea43872bafa84ae22256d"
            "708e0604dade4b2a4dde8cccf11930e13553934ae3ece52f3d7ccc00287377879fe6b8ece7ef79423507"
            "c9da339559c20de1c51955999bae47401dc3cdfaa1b256d09c7db9fc8698bfcefa7302d56fbcde1fbaaa"
            "1c653454e6fd3d84e4f79a931c681cbb6cb462b10dae112bdfb7f65c7fdf6e5fc594ec3a474a94bd97e6"
            "ec81f71c230bf70ca0f13ce3dffbd9ff9804efd8f37a4d3629b43a8f55544ebc5ac0abd9a33d79699068"
            "346a0f1a3a96e115a5d80be165b562d082984d5aacc3a2301981a6418f8ba7d7b0d7ca5875c62696d28e"
            "9c61c2a01ce9b1608dcb9d292785a0cd58efb7fe13b1de95f0db55b3",
    },
    {
        .algorithm = "ml-kem-1024",
        .source =
            "NIST ACVP ML-KEM encapDecap FIPS203 tgId 3 tcId 51 (encapsulation): pub = ek, in = m, "
            "out = c || k; tests/vectors/pq/ML-KEM-encapDecap-FIPS203/internalProjection.json",
        .op = SM_OP_ENCAPS,
        .pub =
            "307a4cea4148219b958ea0b7886659235a4d1980b192610847d86ef32739f94c3b446c4d81d89b8b422a"
            "9d079c88b11acaf321b014294e18b296e52f3f744cf9634a4fb01db0d99ef20a633a552e76a0585c6109"
            "f018768b763af3678b4780089c1342b96907a29a1c11521c744c2797d0bf2b9ccdca614672b45076773f"
            "458a31ef869be1eb2efeb50d0e37495dc5ca55e07528934f6293c4168027d0e53d07facc6630cb08197e"
            "53fb193a171135dc8ad9979402a71b6926bcdcdc47b93401910a5fcc1a813b682b09ba7a72d2486d6c79"
            "9516465c14729b26949b0b7cbc7c640f267fed80b162c51fd8e09227c101d505a8fae8a2d7054e28a78b"
            "a8750decf9057c83979f7abb084945648006c5b28804f34e73b238111a65a1f500b1cc606a848f285907"
            "0beba7573179f36149cf5801bf89a1c38cc278415528d03bdb943f96280c8cc52042d9b91faa9d6ea7bc"
            "bb7ab1897a3266966f78393426c76d8a49578b98b159ebb46ee0a883a270d8057cd0231c86906a91dbba"
            "de6b2469581e2bca2fea8389f7c74bcd70961ea5b934fbcf9a6590bf86b8db548854d9a3fb30110433bd"
            "7a1b659ca8568085639237b3bdc37b7fa716d482a25b54106b3a8f54d3aa99b5123da96066904592f3a5"
            "4ee23a7981ab608a2f4413cc658946c6d7780ea765644b3cc06c70034ab4eb351912e7715b56755d0902"
            "1571bf340ab92598a24e811893195b96a1629f8041f58658431561fc0ab15292b913ec473f04479bc145"
            "cd4c563a286235646cd305a9be1014e2c7b130c33eb77cc4a0d9786bd6bc2a954bf3005778f8917ce137"
            "89bbb962807858b67731572b6d3c9b4b5206fac9a7c8961698d88324a915186899b29923f08442a3d386"
            "bd416bcc9a100164c930ec35eafb6ab35851b6c8ce6377366a175f3d75298c518d44898933f53dee6171"
            "45093379c4659f68583b2b28122666bec57838991ff16c368dd22c36e780c91a3582e25e19794c6bf2ab"
            "42458a8dd7705de2c2aa20c054e84b3ef35032798626c248263253a71a11943571340a978cd0a602e47d"
            "ee540a8814ba06f31414797cdf6049582361bbaba387a83d89913fe4c0c112b95621a4bda8123a14d1a8"
            "42fb57b83a4fbaf33a8e552238a596aae7a150d75da648bc44644977ba1f87a4c68a8c4bd245b7d00721"
            "f7d64e822b085b901312ec37a8169802160cce1160f010be8cbcace8e7b005d7839234a707868309d037"
            "84b4273b1c8a160133ed298184704625f29cfa086d13263ee5899123c596ba788e5c54a8e9ba829b8a9d"
            "904bc4bc0bbea76bc53ff811214598472c9c202b73eff035dc09703af7bf1babaac73193cb46117a7c94"
            "92a43fc95789a924c5912787b2e2090ebbcfd3796221f06debf9cf70e056b8b9161d6347f47335f3e177"
            "6da4bb87c15cc826146ff0249a413b45aa93a805196ea453114b524e310aedaa46e3b99642368782566d"
            "049a726d6cca910993aed621d0149ea588a9abd909dbb69aa22829d9b83ada2209a6c2659f2169d668b9"
            "314842c6e22a74958b4c25bbdcd293d99cb609d866749a485dfb56024883cf5465dba0363206587f4559"
            "7f89002fb8607232138e03b2a894525f265370054b48863614472b95d0a2303442e378b0dd1c75acbab9"
            "71a9a8d1281c79613acec6933c377b3c578c2a61a1ec181b101297a37cc5197b2942f6a0e4704c0ec635"
            "40481b9f159dc255b59bb55df496ae54217b7689bd51dba0383a3d72d852ffca76df05b66eeccbd47bc5"
            "3040817628c71e361d6af889084916b408a466c96e7086c4a60a10fcf7537bb94afbcc7d437590919c28"
            "650c4f2368259226a9bfda3a3a0ba1b5087d9d76442fd786c6f81c68c0360d7194d7072c4533aea86c2d"
            "1f8c0a27696066f6cfd11003f797270b32389713cffa093d991b63844c385e72277f166f5a3934d6bb89"
            "a4788de28321defc7457ab484bd30986dc1dab3008cd7b22f69702fabb9a1045407da4791c3590ff599d"
            "81d688cfa7cc12a68c50f51a1009411b44850f9015dc84a93b17c7a207552c661ea9838e31b95ead5462"
            "48e56be7a5130505268771199880a141771a9e47acfed590cb3aa7cb7c5f74911d8912c29d6233f4d53b"
            "c64139e2f55be75507dd77868e384aec581f3f411db1a742972d3ebfd3315c84a5ad63a0e75c8bca3e30"
            "41e05d9067aff3b1244f763e7983",
        .in = "59c5154c04ae43aaff32700f081700389d54bec4c37c088b1c53f66212b12c72",
        .out =
            "e2d5fd4c13cea0b52d874fea9012f3a51743a1093710bbf23950f9147a472ee5533928a2f46d592f35da"
            "8b4f758c893b0d7b98948be447b17cb2ae58af8a489ddd9232b99b1c0d2de77caa472bc3bbd4a7c60dbf"
            "dca92ebf3a1ce1c22dad13e887004e2924fd22656f5e508791de06d85e1a1426808ed9a89f6e2fd3c245"
            "d4758b22b02cade33b60fc889a33fc4447edebbfd4530de86596a33789d5dba6e6ec9f89879af4be4909"
            "a69017c9bb7a5e31815ea5f132eec4984faa7ccf594dd00d4d8487e45621af8f6e330551439c93ec078a"
            "7a3cc1594af91f8417375fd6088ceb5e85c67099091bac11498a0d711455f5e0d95cd7bbe5cdd8fecb31"
            "9e6853c23c9be2c763df578666c40a40a87486e46ba8716146192904510a6dc59da8025825283d684db9"
            "1410b4f12c6d8fbd0add75d3098918cb04ac7bc4db0d6bcdf1194dd86292e05b7b8630625b589cc509d2"
            "15bbd06a2e7c66f424cdf8c40ac6c1e5ae6c964b7d9e92f95fc5c8852281628b81b9afabc7f03be3f62e"
            "8047bb88d01c68687b8dd4fe63820062b6788a53729053826ed3b7c7ef8241e19c85117b3c5341881d4f"
            "299e50374c8eefd5560bd18319a7963a3d02f0fbe84bc484b5a4018b97d274191c95f702bab9b0d105fa"
            "f9fdcff97e437236567599faf73b075d406104d403cdf81224da590bec2897e30109e1f2e5ae4610c809"
            "a73f638c84210b3447a7c8b6dddb5ae200bf20e2fe4d4ba6c6b12767fb8760f66c5118e7a9935b41c9a4"
            "71a1d3237688c1e618cc3be936aa3f5e44e086820b810e063211fc21c4044b3ac4d00df1bcc7b24dc07b"
            "a48b23b0fc12a3ed3d0a5cf7671415ab9cf21286fe63fb41418570555d4739b88104a8593f293025a4e3"
            "ee7c67e4b48e40f6ba8c09860c3fbbe55d45b45fc9ab629b17c276c9c9e2af3a043beafc18fd4f25ee7f"
            "83bddcd2d93914b7ed4f7c9af127f3f15c277be16551fef3ae03d7b9143f0c9c019ab97eea076366131f"
            "518363711b34e96d3f8a513f3e20b1d452c4b7ae3b975ea94d880dac6693399750d02220403f0d3e3fc1"
            "172a4de9dc280eaf0fee2883a6660bf5a3d246ff41d21b36ea521cf7aa689f800d0f86f4fa1057d8a13f"
            "9da8fffd0dc1fad3c04bb1cccb7c834db051a7ac2e4c60301996c93071ea416b421759935659cf62ca5f"
            "13ae07c3b195c148159d8beb03d440b00f5305765f20c0c46eee59c6d16206402db1c715e888bde59c78"
            "1f35a7cc7c1c5ecb2155ae3e959c0964cc1ef8d7c69d1458a9a42f95f4c6b5b996345712aa290fbbf7df"
            "d4a6e86463022a3f4725f6511bf7ea5e95c707cd3573609aadeaf540152c495f37fe6ec8bb9fa2aa61d1"
            "5735934f4737928fde90ba995722465d4a64505a5201f07aa58cfd8ae226e02070b2dbf512b975319a7e"
            "8753b4fdae0eb4922869cc8e25c4a5560c2a0685de3ac392a8925ba882004894742e43ccfc277439ec80"
            "50a9aeb42932e01c840dfcedcc34d3991289a62c17d1284c839514b93351dbb2dda81f924565d70e7079"
            "d5b8126caab7a4a1c731655a53bcc09f5d63ec9086dea650055985edfa8297d9c95410c5d1894d17d593"
            "0549adbc2b8733c99fe62e17c4de34a5d89b12d18e42a422d2ce779c2c28eb2d98003d5cd323fcbecf02"
            "b5066e0e734810f09ed89013c00f011bd220f2e5d6a362df90599198a093b03c8d8efbfe0b617592faf1"
            "e64220c4440b53ffb47164f369c95290ba9f3108d686c57db645c53c012e57af25bd6693e2cc6b57651a"
            "f1591fe5d8916640ec017c253df0606bb6b3035fae748f3d4034223b1b5efbf5283e778c1094291cf7b1"
            "9be0f317350e6f8518fde0efb1381fb6e16c241f7f17a5210693a274159e7fac868cd0dc4359c3d9eefe"
            "a0d9e31e43fa651392c65a543a59b3eee3a639dc9417d056a5ff0f160beee2eac29a7d88c0982cf70b5a"
            "46379f21e506aac61a9bb1b8c2b9dab0e44a823b61d0aa11d94f76a4a8e21f9d4280683208f4ea911116"
            "f6fd6a97426934ec3426b8c8f703da85e9dcf99336136003728b8ecdd04a389f6a817a78bfa61ba46020"
            "bf3c34829508f9d06d1553cd987aac380d86f168843ba3904de5f7058a41b4cd388bc9ce3aba7ee7139b"
            "7fc9e5b8cfaaa38990bd4a5db32e2613e7ec4f5f8b1292a38c6f4ff5a40490d76b126652fcf86e245235"
            "d636c65cd102b01e22781a72918c7264bde5c6cec14849693e2c3c86e48f80958a4f6186fc69333a4148"
            "e6e497f3",
    },
    {
        .algorithm = "ml-kem-512",
        .source = "NIST ACVP ML-KEM encapDecap FIPS203 tgId 4 tcId 76 (decapsulation, no "
                  "modification): priv = dk, in = c, out = k; "
                  "tests/vectors/pq/ML-KEM-encapDecap-FIPS203/internalProjection.json",
        .op = SM_OP_DECAPS,
        .priv =
            "69f9cbfd1237ba161cf6e6c18f488fc6e39ab4a5c9e6c22ea4e3ad8f267a9c442010d32e61f83e6bfa5c"
            "58706145376dbb849528f68007c822b33a95b84904dcd2708d0340c8b808bcd3aad0e48b85849583a1b4"
            "e5945dd9514a7f6461e057b7ecf61957e97cf62815f9c32294b326e1a1c4e360b9498ba80f8ca91532b1"
            "71d0aefc4849fa53bc617932e208a677c6044a6600b8d8b83f26a747b18cfb78beafc551ad52b7ca6cb8"
            "8f3b5d9ce2af6c67956c478cef491f59e0191b3bbe929b94b666c176138b00f49724341ee2e164b94c05"
            "3c185a51f93e00f36861613a7fd72febd23a8b96a260234239c9628f995dc13807b43a69468167cb1a8f"
            "9dd07ee3b33238f63096ebc49d5051c4b65963d74a4766c226f0b94f1862c2124c8c749748c0bc4dc14c"
            "b34906b81c5524fb8100798542dc6cc2aa0a708575eabcc11f96a9e61c017a96a7ce93c42091737113ae"
            "783c0ae8755e594111edfabfd86c3212c612a7b62afd3c7a5c78b2f07344b789c2b2dbb5f4448be97bba"
            "4233c0039c0fe84300f9b03ac99497e6d46b6e95308ff84790f612cf186ec16811e80c179316a63b2570"
            "3f60b842b61907e62894e736647b3c09da6fec5932782b36e0635085a3949e694d7e17cba3d906433043"
            "8c071b5836a770c55f6213cc1425845de5a334d75d3e5058c7809fda4bcd78191da9797325e6236c2650"
            "fc604ee43a83ceb34980084403a33259857907799a9d2a713a633b5c904727f61e42520991d655705cb6"
            "bc1b74af60713ef8712f14086869be8eb297d228b325a0609fd615eab7081540a61a82abf43b7df98a59"
            "5be11f416b41e1eb75bb57977c25c64e97437d88ca5fda6159d668f6bab8157555b5d54c0f47cbcd1684"
            "3b1a0a0f0210ee310313967f3d516499018fdf3114772470a1889cc06cb6b6690ac31abcfaf4bc707684"
            "545b000b580ccbfcbce9fa70aaea0bbd9110992a7c6c06cb368527fd229090757e6fe75705fa592a7608"
            "f050c6f88703cc28cb000c1d7e77b897b72c62bcc7aea21a57729483d2211832bed612430c983103c69e"
            "8c072c0ea7898f2283bec48c5ac81984d4a5a83619735a842bd172c0d1b39f43588af170458ba9ee7492"
            "eaaa94ea53a4d38498ecbb98a5f407e7c97b4e166e397192c216033014b878e938075c6c1f10a0065abc"
            "3163722f1a2effec8d6e3a0c4f7174fc16b79fb5186a75168f81a56aa48a20a04bddf182c6e179c3f690"
            "61555ef7396dd0b7499601a6eb3a96a9a22d04f1168db56355b07600a20370637b645976bbd97b6d6288"
            "a0d3036360472e3ac71d566db8fbb1b1d76cb755cd0d68bdbfc048eba2525eea9dd5b144fb3b60fbc342"
            "39320cbc069b35ab16b8756536fb33e8a6af1dd42c79f48ad120ae4b159d3d8c319060cce569c3f60353"
            "65585d34413795a6a18ec5136ab13c90e3af14c0b8a464c86b9073222b56b3f7328aea79815532591125"
            "0ef016d72802e3878aa50540cc983956971d6efa352c02554dc760a5a91358ea56370884fd5b3f85b70e"
            "83e4697deb1705169e9c60a74528cf15281cb1b1c457d467b5f93a60373d10e0cf6a837aa3c9596a72be"
            "c29b2d7e58653d533061d381d51759752217eb46cac7807c4ad38b611644acf0a3f26b6b084ab47a83bf"
            "0d696f8a4768fc35bca6bc7903b2a237c27749f5510c863869e6ae56bb2afe4771c9221874f50f5b14ba"
            "ad5993b49238fd0a0c9f79b7b4584e41301f7a885c9f91819bea00d512581730539fb37e59e86a6d19ca"
            "25f0a811c9b428ba8614aa4f94807bc031cbcc183f3bf07fe2c1a6eba80d5a706ee0dab27e231458025d"
            "84a7a9b0230501116c290a6bb50626d97b939850942828390b0a2001b7853ad1ae9b011b2db36caeea73"
            "a2328e3c56485b491c299115a017c907ab54317260a593a0d7ba6d06615d6e2ca84b860eff3ccb597211"
            "bfe36bdef8069afa36c5a73392722650e4957dca597acba5605b63c163cfa94b64ddd62301a433208336"
            "1972589db0599a694dd4547a5ee9196577c22ed427ac89bb8ba3753eb76c41f2c1129c8a77d6805fa719"
            "b1b6ca11b740a78a3d41b5330526ab87d58d5925315a1485edc647c1604eb38138de637ad2c6ca5be44e"
            "1008b2c0867b229ccc36619e2758c4c2029eaeb26e7a803fca305a59cd585e117d698ece011cc3fce54d"
            "2e114545a21ac5be6771ab8f13122fad295e745a503b142f91aef7bde99998845fda043555c9c1ee535b"
            "e125e5dce5d266667e723e67b6ba891c16cba174098a3f351778b0888c9590a9090cd404",
        .in = "161cd259feaa7ec6b286498a9a6f69f8b262a2e2093d0fbd76d5dc1c9fde0dedb36581004cb48112f852"
              "e7f87f649e8a42cd9e0349e7dabdf0a9ac1b521c37ea5241370a8ab2911cc79902c95d28224fa8896ad7"
              "15209ecdd5d784e91dd9d0be916b4565f4d5669aee0def931e9768294eec5258de8391ece271e7e4cfd9"
              "d23a79fac3a8e0db5ddd6e0107235688bbdf7bc5d5632f206c63a0c9564f30965ca58c69ff92d25a4f93"
              "a09eab9b9085947e078a23e4d9c13b8a56e73e18df42d6949faf5921f2e373d450c8c09d07b152a97c24"
              "5447429481d498beb7256bc47f68f9922b0b1c62d9c23f9f733dd73792cfc7b43cbcea277d51b2b8ad4a"
              "4f522f642cad5c5deb21f3627f8af4d3e5bc9e91d4cb2f124b5bd7c2f4a050ca755bdb8056609663fb95"
              "11c9ad83b5039088cc01f0dd54353b0dd7433f0c6cee0d075959810dec5416522bb1f1f65547a0c2e9cc"
              "9bc17f8d39d29309ebe79f21331b75e12af2e93f03f74f7f87d360f1daf86ced736092a211a8158859c4"
              "2e223cfe2e6e553437d80576cfd1944e97eeff9b49e5eccfc678ee165268dfe3d3596b4b86204a81c606"
              "3b0cdce619fdbb96df7de6e0bd5270b4d59c4dc508476e7f0708f98c7a4f6645c49d06100c760c599528"
              "d1b8bbfe628191cc083c8d225a093f9f17e35574986f86baa46898b589f3cb7db46a45f3edd4fac20808"
              "f4cd0249da693f8fabfbd4e10c02c65ba8c8610fa8c6df3dbaeb6763dd482af41558b1e15cc9c7a72e07"
              "1685ac19a051f19245b9f77c3038a54e2958623eb8105955609e27d67cf72ec5c4a8e9b9c2924a9e2298"
              "508baba13cf111fdfb062c9607ac1aaa6c637310a8894bf0b96f0c19136186b618dffb275528bed1cc27"
              "15def412f77a3cf96645733b048a78474320d1a380f5eedbda21fa0125c91d3c37c54bf3752a1f8471c8"
              "1fcae2d3eda966e14e66f223b054d79848ff9411d634024a098970ade6a88b5f9069f760584dc4cfffce"
              "a8ece11bb5566bd2360ab707df2d21b67488d931f020069176423e6944490cb385e70b358a25346bafcd"
              "d06d402ff24d6c1e5f61a85d",
        .out = "df462ad68f1ec8972ed9b02d6de0604bdec75720e050497351e6ec933e71f882",
    },
    {
        .algorithm = "ml-kem-512",
        .source = "NIST ACVP ML-KEM encapDecap FIPS203 tgId 4 tcId 77 (decapsulation, modify "
                  "ciphertext): priv = dk, in = c, out = k; "
                  "tests/vectors/pq/ML-KEM-encapDecap-FIPS203/internalProjection.json",
        .op = SM_OP_DECAPS,
        .priv =
            "69f9cbfd1237ba161cf6e6c18f488fc6e39ab4a5c9e6c22ea4e3ad8f267a9c442010d32e61f83e6bfa5c"
            "58706145376dbb849528f68007c822b33a95b84904dcd2708d0340c8b808bcd3aad0e48b85849583a1b4"
            "e5945dd9514a7f6461e057b7ecf61957e97cf62815f9c32294b326e1a1c4e360b9498ba80f8ca91532b1"
            "71d0aefc4849fa53bc617932e208a677c6044a6600b8d8b83f26a747b18cfb78beafc551ad52b7ca6cb8"
            "8f3b5d9ce2af6c67956c478cef491f59e0191b3bbe929b94b666c176138b00f49724341ee2e164b94c05"
            "3c185a51f93e00f36861613a7fd72febd23a8b96a260234239c9628f995dc13807b43a69468167cb1a8f"
            "9dd07ee3b33238f63096ebc49d5051c4b65963d74a4766c226f0b94f1862c2124c8c749748c0bc4dc14c"
            "b34906b81c5524fb8100798542dc6cc2aa0a708575eabcc11f96a9e61c017a96a7ce93c42091737113ae"
            "783c0ae8755e594111edfabfd86c3212c612a7b62afd3c7a5c78b2f07344b789c2b2dbb5f4448be97bba"
            "4233c0039c0fe84300f9b03ac99497e6d46b6e95308ff84790f612cf186ec16811e80c179316a63b2570"
            "3f60b842b61907e62894e736647b3c09da6fec5932782b36e0635085a3949e694d7e17cba3d906433043"
            "8c071b5836a770c55f6213cc1425845de5a334d75d3e5058c7809fda4bcd78191da9797325e6236c2650"
            "fc604ee43a83ceb34980084403a33259857907799a9d2a713a633b5c904727f61e42520991d655705cb6"
            "bc1b74af60713ef8712f14086869be8eb297d228b325a0609fd615eab7081540a61a82abf43b7df98a59"
            "5be11f416b41e1eb75bb57977c25c64e97437d88ca5fda6159d668f6bab8157555b5d54c0f47cbcd1684"
            "3b1a0a0f0210ee310313967f3d516499018fdf3114772470a1889cc06cb6b6690ac31abcfaf4bc707684"
            "545b000b580ccbfcbce9fa70aaea0bbd9110992a7c6c06cb368527fd229090757e6fe75705fa592a7608"
            "f050c6f88703cc28cb000c1d7e77b897b72c62bcc7aea21a57729483d2211832bed612430c983103c69e"
            "8c072c0ea7898f2283bec48c5ac81984d4a5a83619735a842bd172c0d1b39f43588af170458ba9ee7492"
            "eaaa94ea53a4d38498ecbb98a5f407e7c97b4e166e397192c216033014b878e938075c6c1f10a0065abc"
            "3163722f1a2effec8d6e3a0c4f7174fc16b79fb5186a75168f81a56aa48a20a04bddf182c6e179c3f690"
            "61555ef7396dd0b7499601a6eb3a96a9a22d04f1168db56355b07600a20370637b645976bbd97b6d6288"
            "a0d3036360472e3ac71d566db8fbb1b1d76cb755cd0d68bdbfc048eba2525eea9dd5b144fb3b60fbc342"
            "39320cbc069b35ab16b8756536fb33e8a6af1dd42c79f48ad120ae4b159d3d8c319060cce569c3f60353"
            "65585d34413795a6a18ec5136ab13c90e3af14c0b8a464c86b9073222b56b3f7328aea79815532591125"
            "0ef016d72802e3878aa50540cc983956971d6efa352c02554dc760a5a91358ea56370884fd5b3f85b70e"
            "83e4697deb1705169e9c60a74528cf15281cb1b1c457d467b5f93a60373d10e0cf6a837aa3c9596a72be"
            "c29b2d7e58653d533061d381d51759752217eb46cac7807c4ad38b611644acf0a3f26b6b084ab47a83bf"
            "0d696f8a4768fc35bca6bc7903b2a237c27749f5510c863869e6ae56bb2afe4771c9221874f50f5b14ba"
            "ad5993b49238fd0a0c9f79b7b4584e41301f7a885c9f91819bea00d512581730539fb37e59e86a6d19ca"
            "25f0a811c9b428ba8614aa4f94807bc031cbcc183f3bf07fe2c1a6eba80d5a706ee0dab27e231458025d"
            "84a7a9b0230501116c290a6bb50626d97b939850942828390b0a2001b7853ad1ae9b011b2db36caeea73"
            "a2328e3c56485b491c299115a017c907ab54317260a593a0d7ba6d06615d6e2ca84b860eff3ccb597211"
            "bfe36bdef8069afa36c5a73392722650e4957dca597acba5605b63c163cfa94b64ddd62301a433208336"
            "1972589db0599a694dd4547a5ee9196577c22ed427ac89bb8ba3753eb76c41f2c1129c8a77d6805fa719"
            "b1b6ca11b740a78a3d41b5330526ab87d58d5925315a1485edc647c1604eb38138de637ad2c6ca5be44e"
            "1008b2c0867b229ccc36619e2758c4c2029eaeb26e7a803fca305a59cd585e117d698ece011cc3fce54d"
            "2e114545a21ac5be6771ab8f13122fad295e745a503b142f91aef7bde99998845fda043555c9c1ee535b"
            "e125e5dce5d266667e723e67b6ba891c16cba174098a3f351778b0888c9590a9090cd404",
        .in = "5c26d456c6c7b0e8df0b125e5d5428fe393655127a5e05bdd1bcac14c47493783097b6185058fa700555"
              "dd8af10f0f979a39a603826ffeb0b44e9487539f3f1a07c673e96640ddf754c8b98cd83473568b49d095"
              "f682c1acf0e160ab93eb41a16a57d53b419620d351c837315080d530845cf8d63cfccdb6e9dfbe220a2c"
              "14221aa392e6337fa364df0d2e0398f15ac3dc822b5dd7217081107a45c8cb8eaca51e034117962aee7e"
              "c0ee212fa67a5d4b07d355a0981e4285116ecf5ca9fab6e3105e4de4aec5e32938a1eb91e65ce7b39c3b"
              "9829aa1e72b8092c3622e519ee092fac8106d6597ceb941c763288723cb55044a36d4181052a78b424b0"
              "de1b0260f624a8d3b317095371ee9beea9272250d598ac63c2138d23f99087777a902eba2163171a0754"
              "6b72fce7f86ee3b1dc1b8eac85440b8d241742c3771f91bf981909e4f3e2505c594761259ed3aada6aa0"
              "9181b99037a395d66e6ee4bbef97de6ba36c53a1808cba50938038c151603105bd6a4199ea44bf4b0896"
              "1672598cb708f896e03cd9b8f8ad89decfbe6be0ef0006b7bd2f4aa6eb21c0218ede601d46924cf391ae"
              "3a44e43d96ebe84a630937c3409ef0710970c27e3add4e64dc64e83942abea9ccf498ef1fe72b254043d"
              "2775a37e0b5ddd3f596ea131e0734afa9d0223f4cd9d1ab7304ca979ad37f717bedc3a9526f8fc94433f"
              "e4614f82e709456f39bee7bacc84e5a70114af1c2ac8b9b3faa81c8f35f5a5d24189e1a457f58166473f"
              "5f1df0170aab5e4ac8fc719f945ccbe6f2fed24b23321d95c4c850b278b8c4ea02e3098d5a599aa3d842"
              "cf889b7f284ac5e6e66386d63f2c860b997966b4df2c32288a50045012b7362727b856af4f8258509b56"
              "3758752ffbb1040f3c2ad8b0ded64fc15c95c1a16de0dae6625a9effce190fc7f3261d844c114913c6b1"
              "152a258a37761b81879b59c37a1dfac07c3e934510b45da44c2581a79dafbf00fabb207306269d9b74b9"
              "3f4367b3ba22ccc51b362de16e49d9fdbf8cff84f6ce6892ca2245d34ceb9c8759e702832b66a572de9f"
              "3016a38f7328700f96b2e947",
        .out = "a4a24e182fea12ff128ab2d4afe6569817513ffc547db70636752c9c66c002b8",
    },
    {
        .algorithm = "ml-kem-768",
        .source = "NIST ACVP ML-KEM encapDecap FIPS203 tgId 5 tcId 88 (decapsulation, no "
                  "modification): priv = dk, in = c, out = k; "
                  "tests/vectors/pq/ML-KEM-encapDecap-FIPS203/internalProjection.json",
        .op = SM_OP_DECAPS,
        .priv =
            "1e4ac87b1a692a529fdbbab93374c57d110b10f2b1ddebac0d196b7ba631b8e9293028a8f379888c422d"
            "c8d32bbf226010c2c1ec73189080456b0564b258b0f23131bc79c8e8c11cef3938b243c5ce9c0edd37c8"
            "f9d29877dbbb615b9b5ac3c948487e467196a9143efbc7cedb64b45d4acda2666cbc2804f2c8662e128f"
            "6a9969ec15bc0b9351f6f96346aa7abc743a14fa030e37a2e7597bddfc5a22f9cedaf8614832527210b2"
            "6f024c7f6c0dcf551e97a4858764c321d1834ad51d75bb246d277237b7bd41dc4362d063f4298292272d"
            "01011780b79856b296c4e946658b79603197c9b2a99ec66acb06ce2f69b5a5a61e9bd06ad443ceb0c74e"
            "d65345a903b614e81368aac2b3d2a79ca8ccaa1c3b88fb82a36632860b3f7950833fd0212ec96ede4ab6"
            "f5a0bda3ec6060a658f9457f6cc87c6b620c1a1451987486e496612a101d0e9c20577c571edb5282608b"
            "f4e1ac926c0db1c82a504a799d89885ca6252bd5b1c183af701392a407c05b848c2a3016c40613f02a44"
            "9b3c7926da067a533116506840097510460bbfd36073dcb0bfa009b36a9123eaa68f835f74a01b00d209"
            "7835964df521ce9210789c30b7f06e5844b444c53322396e4799baf6a88af7315860d0192d48c2c0da6b"
            "5ba64325543acdf5900e8bc477ab05820072d463affed097e062bd78c99d12b385131a241b708865b419"
            "0af69ea0a64db71448a60829369c7555198e438c9abc310bc70101913bb12faa5beef975841617c847cd"
            "6b336f877987753822020b92c4cc97055c9b1e0b128bf11f505005b6ab0e627795a20609efa991e598b8"
            "0f37b1c6a1c3a1e9aee7028f77570ab2139128a00108c50eb305cdb8f9a603a6b078413f6f9b14c6d82b"
            "5199ce59d887902a281a027b717495fe12672a127bbf9b256c43720d7c160b281c12757da135b1933352"
            "be4ab67e40248afc318e2370c3b8208e695bdf337459b9acbfe5b487f76e9b4b4001d6cf90ca8c699a17"
            "4d42972dc733f33389fdf59a1daba81d834955027334185ad02c76cf294846ca9294ba0ed66741ddec79"
            "1cab34196ac5657c5a78321b56c33306b5102397a5c09c3508f76b48282459f81d0c72a43f737bc2f12f"
            "45422628b67db51ac1424276a6c08c3f7615665bbb8e928148a270f991bcf365a90f87c30687b68809c9"
            "1f231813b866bea82e30374d80aa0c02973437498a53b14bf6b6ca1ed76ab8a20d54a083f4a26b7c038d"
            "81967640c20bf4431e71dacce8577b21240e494c31f2d877daf4924fd39d82d6167fbcc1f9c5a259f843"
            "e30987ccc4bce7493a2404b5e44387f707425781b743fb555685584e2557cc038b1a9b3f4043121f5472"
            "eb2b96e5941fec011ceea50791636c6abc26c1377ee3b5146fc7c85cb335b1e795eec2033ee44b9aa906"
            "85245ef7b4436c000e66bc8bcbf1cdb803ac1421b1fdb266d5291c8310373a8a3ce9562ab197953871ab"
            "99f382cc5aa9c0f273d1dca55d2712853871e1a83cb3b85450f76d3f3c42bab5505f7212fdb6b8b7f602"
            "9972a8f3751e4c94c1108b02d6ac79f8d938f05a1b2c229b14b42b31b01a364017e59578c6b033833774"
            "cb9b570f9086b722903b375446b495d8a29bf80751877a80fb724a0210c3e1692f397c2f1ddc2e6ba17a"
            "f81b92acfabef5f7573cb493d184027b718238c89a3549b8905b28a83362867c082d3019d3ca70700731"
            "ceb73e8472c1a3a093361c5fea6a7d40955d07a41b64e50081a361b604cc518447c8e25765ab7d68b243"
            "275207af8ca6564a4cb1e94199dba1878c59bec809ab48b2f211badc6a1998d9c7227c1303f469d46a9c"
            "7e5303f98aba67569ae8227c16ba1fb3244466a25e7f823671810cc26206feb29c7e2a1a91959eeb03a9"
            "8252a4f7412674eb9a4b277e1f2595fca64033b41b40330812e9735b7c607501cd8183a22afc33925537"
            "44f33c4d202526945c6d78a60e201a16987a6fa59d94464b56506556784824a07058f57320e76c825b93"
            "47f2936f4a0e5cdaa18cf8833945ae312a36b5f5a3810aac82381fdae4cb9c6831d8eb8abab850416443"
            "d739086b1c326fc2a3975704e396a59680c3b5f360f5480d2b62169cd94ca71b37bc5878ba2985e068ba"
            "050b2ce50726d4b4451b77aaa8676eae094982210192197b1e92a27f59868b78867887b9a70c32af8463"
            "0aa908814379e6519150ba16439b5e2b0603d06aa6674557f5b0983e5cb6a97596069b01bb3128c41668"
            "0657204fd07640392e16b19f337a99a304844e1aa474e9c799062971f672268960f5a82f950070bbe9c2"
            "a71950a3785bdf0b8440255ed63928d257845168b1eccc4191325aa76645719b28ebd89302dc6723c786"
            "df5217b243099ca78238e57e64692f206b177abc259660395cd7860fb35a16f6b2fe6548c85ab66330c5"
            "17fa74cdf3cb49d26b1181901af775a1e180813b6a24c456829b5c38104ece43c76a437a6a33b6fc6c5e"
            "65c8a89466c1425485b29b9e1854368afca353e143d0a90a6c6c9e7fdb62a606856b5614f12b64b79602"
            "0c3534c3605cfdc73b86714f411850228a28b8f4b49e663416c84f7e381f6af1071343bf9d39b4543924"
            "0cc03897295fea080b14bb2d8119a880e164495c61bebc7139c11857c85e1750338d6343913706a507c9"
            "566464cd2837cf914d1a3c35e89b235c6ab7ed078bed234757c02ef6993d4a273cb8150528da4d767081"
            "77e9425546c83e147039766603b30da6268f4598a53194240a2832a3d67533b5056f9aaac61b4b17b9a2"
            "693aa0d58891e6cc56cdd772410900c405af20b903797c64876915c37b8487a1449ce924cd345c29a36e"
            "08238f7a157cc7e516ab5ba73c8063f726bb5a0a0319e57127438c7fc601c99ccaae4c1a83726fdcb504"
            "5ed1a82a985ea995396d77272c66ce493289f6110910f37c2741ce47026a6f8261999c6482572b169391"
            "2ef12eebea7acf9234fb409f2a6090e6b0bfd895469d0b2a921bb723f87a33ea5465ab90f514b67698c0"
            "768b6ca498b022c512fa0875f054aa2265867e31c0e522651e024a07d60dd9f633166921f4126bc2b6aa"
            "01cc15a09b85bff8218c5aae95bc1ffb26ae5a137670f04910ca9d7241b6660c394c5455917746a26682"
            "fb71a432ea9530e839bdeb07433004f45a0ddaa0b24e3a566a540815f281e3fc259ac6cbc0acb8d62268"
            "b603bc676ab415c474bb94873e4487ae31a4e3845c79901550890ee8784eef904fee62ba8c5f952c6841"
            "3052e0a7e3388bb8ff0ad602ae3ea14d9df6dd5e4cc6a381a41da5c137ecc49df587e178eaf47702ec62"
            "3780691a3233f69f12bd9c9b9637c51378ad71a831055277254cc63c5ad4cb76b4ab82e5fca135e8d26a"
            "6b3a89fa5b6f",
        .in = "a5c81c76c24305e1ce5d8135d41523682e9ee6d7b40ad41df1f37c9b17dce78076019a6b0b7c95c9be7a"
              "f29507b2d5a6987c8ee3259190855243e6e56f5620608c52d96fab103a8700fba1a87dca6078118a0871"
              "762c9534c0c0c3978c91c3a01f0f608dcf757815438fe8957c8a859183b1b6721a0865bebc799d4e5c0e"
              "7bd3eae4858e6ab6a2e7658ed80d4ed158b036b93fa03afa6ae3136cf3d693c911bcc75905e5b0cb2865"
              "b9e9884522a77777613e53111d5a1c7d3dab734ceb03657ae0c89763e99471054776bae7d51b0e73a5bb"
              "35aec30ff6bc93684916fef1162586452f426653e2ca844d5744307ff9aeb287a6447783b21a0e939c81"
              "421d631f5dcb452e51ed34e3dad1cf504e0a3b0f4711a8dc6499d1691d109569336ce1558a4c0a464e20"
              "87ea8f9e3b18f747ef61f4576aeb42b17cadb7f0fd84da8e3a6f471d95edfa65be9e6c9f6ae756a22a4f"
              "1a5c543c26ba7bad88e16d5f5b7e12e2d4ca34b3a64d17f87ccfc4ff8c5e4f53752a077c68721e8cc817"
              "f9ff24876170ff2af89fa95855a5b1de347c07fddbcfe7264aa5ed6401491561d831538f852b0ed7b9e8"
              "ebaffc060284f22d2baee56fa9f6d01432a115a2d6a64c38ae0a50ba362fb57b53e3e855b83ce8c42274"
              "045599f65fa6a8921d85f94ed230b516712db6fd2ff28b3a3371d9be058ae75c2fa591b7ec3c3daa1f76"
              "42bc26c324c08090607e6662154db37cf747967a1f9fc29089f570ebe60eeef89fd24481028c85aef1dc"
              "3b09f22cd3691bbbb821c7a8a0f35ad12be1dd199b977048f3d48c16bb2ca94cecb8928770d5bb329a03"
              "27e0b286faa1c65281031a31c84f2edc9c04d475ed4e128e51efa97d0148cba6c95f674c589f301c265b"
              "ed708e9ad8da3c5cecbdeeed35ef1e253132ba89920d786b88230b013bcf2dc92d6b157afa8da8592cd0"
              "743d4982be60d7c2d5c472ab9fa7f4cc3d12b0ebaf0abe555c75805426844dd9428643f84406a1b8d6fa"
              "edfd8ae6e73a72772a2159acabd972aeb6f7de091ac5fdd7f49a3dc6641cdf62446b4b04a31f73b80a62"
              "f80a404a8cb18ce3e65480ef7b52bf0091117e5d08eae1b0aabb72e6dffff76f6e44bbd7ea570d6604bc"
              "2e74318bafa315a38861aa1b21afb2a53f2614f1d640075984ae62e2fca1d1b4db369f15705ce7d4df8a"
              "e98264501051c0def21d645d49625af02ca428d9f0c2cd9fbaeeab97e8e9151662b6992b4c99ab1b925d"
              "08920363373f76d3fdf0828caa69c8b1bdc6f521df641cf1c8a4e7ef0c23289a4e2cf18acebbe4c1e683"
              "69bd5235120142ecdd1a73811e2e533a647d7aee16daa03b683639dcf1e1f1e71cfaed48f69aec3e8317"
              "33da19cebec1ddbf71cbae0800f2f6d64a096ec495d62f4344f7aa5621b322353a795aa099ea3a070272"
              "d053d4653a20cf210eaaf12cae6023d8e5118df04b384a44d1edb91c44989ef7ee57f2bf81a24bdc7680"
              "7da967ee6525410c5c485067efc3d39a9ad42cc753baa59a1fd28af35c00d18a406a28fc79ba",
        .out = "dc5b8888bc1eba5c1969c21164ea43e22e7ac0cd012a2f26cb8c487e69ef7ce4",
    },
    {
        .algorithm = "ml-kem-768",
        .source = "NIST ACVP ML-KEM encapDecap FIPS203 tgId 5 tcId 86 (decapsulation, modify "
                  "ciphertext): priv = dk, in = c, out = k; "
                  "tests/vectors/pq/ML-KEM-encapDecap-FIPS203/internalProjection.json",
        .op = SM_OP_DECAPS,
        .priv =
            "1e4ac87b1a692a529fdbbab93374c57d110b10f2b1ddebac0d196b7ba631b8e9293028a8f379888c422d"
            "c8d32bbf226010c2c1ec73189080456b0564b258b0f23131bc79c8e8c11cef3938b243c5ce9c0edd37c8"
            "f9d29877dbbb615b9b5ac3c948487e467196a9143efbc7cedb64b45d4acda2666cbc2804f2c8662e128f"
            "6a9969ec15bc0b9351f6f96346aa7abc743a14fa030e37a2e7597bddfc5a22f9cedaf8614832527210b2"
            "6f024c7f6c0dcf551e97a4858764c321d1834ad51d75bb246d277237b7bd41dc4362d063f4298292272d"
            "01011780b79856b296c4e946658b79603197c9b2a99ec66acb06ce2f69b5a5a61e9bd06ad443ceb0c74e"
            "d65345a903b614e81368aac2b3d2a79ca8ccaa1c3b88fb82a36632860b3f7950833fd0212ec96ede4ab6"
            "f5a0bda3ec6060a658f9457f6cc87c6b620c1a1451987486e496612a101d0e9c20577c571edb5282608b"
            "f4e1ac926c0db1c82a504a799d89885ca6252bd5b1c183af701392a407c05b848c2a3016c40613f02a44"
            "9b3c7926da067a533116506840097510460bbfd36073dcb0bfa009b36a9123eaa68f835f74a01b00d209"
            "7835964df521ce9210789c30b7f06e5844b444c53322396e4799baf6a88af7315860d0192d48c2c0da6b"
            "5ba64325543acdf5900e8bc477ab05820072d463affed097e062bd78c99d12b385131a241b708865b419"
            "0af69ea0a64db71448a60829369c7555198e438c9abc310bc70101913bb12faa5beef975841617c847cd"
            "6b336f877987753822020b92c4cc97055c9b1e0b128bf11f505005b6ab0e627795a20609efa991e598b8"
            "0f37b1c6a1c3a1e9aee7028f77570ab2139128a00108c50eb305cdb8f9a603a6b078413f6f9b14c6d82b"
            "5199ce59d887902a281a027b717495fe12672a127bbf9b256c43720d7c160b281c12757da135b1933352"
            "be4ab67e40248afc318e2370c3b8208e695bdf337459b9acbfe5b487f76e9b4b4001d6cf90ca8c699a17"
            "4d42972dc733f33389fdf59a1daba81d834955027334185ad02c76cf294846ca9294ba0ed66741ddec79"
            "1cab34196ac5657c5a78321b56c33306b5102397a5c09c3508f76b48282459f81d0c72a43f737bc2f12f"
            "45422628b67db51ac1424276a6c08c3f7615665bbb8e928148a270f991bcf365a90f87c30687b68809c9"
            "1f231813b866bea82e30374d80aa0c02973437498a53b14bf6b6ca1ed76ab8a20d54a083f4a26b7c038d"
            "81967640c20bf4431e71dacce8577b21240e494c31f2d877daf4924fd39d82d6167fbcc1f9c5a259f843"
            "e30987ccc4bce7493a2404b5e44387f707425781b743fb555685584e2557cc038b1a9b3f4043121f5472"
            "eb2b96e5941fec011ceea50791636c6abc26c1377ee3b5146fc7c85cb335b1e795eec2033ee44b9aa906"
            "85245ef7b4436c000e66bc8bcbf1cdb803ac1421b1fdb266d5291c8310373a8a3ce9562ab197953871ab"
            "99f382cc5aa9c0f273d1dca55d2712853871e1a83cb3b85450f76d3f3c42bab5505f7212fdb6b8b7f602"
            "9972a8f3751e4c94c1108b02d6ac79f8d938f05a1b2c229b14b42b31b01a364017e59578c6b033833774"
            "cb9b570f9086b722903b375446b495d8a29bf80751877a80fb724a0210c3e1692f397c2f1ddc2e6ba17a"
            "f81b92acfabef5f7573cb493d184027b718238c89a3549b8905b28a83362867c082d3019d3ca70700731"
            "ceb73e8472c1a3a093361c5fea6a7d40955d07a41b64e50081a361b604cc518447c8e25765ab7d68b243"
            "275207af8ca6564a4cb1e94199dba1878c59bec809ab48b2f211badc6a1998d9c7227c1303f469d46a9c"
            "7e5303f98aba67569ae8227c16ba1fb3244466a25e7f823671810cc26206feb29c7e2a1a91959eeb03a9"
            "8252a4f7412674eb9a4b277e1f2595fca64033b41b40330812e9735b7c607501cd8183a22afc33925537"
            "44f33c4d202526945c6d78a60e201a16987a6fa59d94464b56506556784824a07058f57320e76c825b93"
            "47f2936f4a0e5cdaa18cf8833945ae312a36b5f5a3810aac82381fdae4cb9c6831d8eb8abab850416443"
            "d739086b1c326fc2a3975704e396a59680c3b5f360f5480d2b62169cd94ca71b37bc5878ba2985e068ba"
            "050b2ce50726d4b4451b77aaa8676eae094982210192197b1e92a27f59868b78867887b9a70c32af8463"
            "0aa908814379e6519150ba16439b5e2b0603d06aa6674557f5b0983e5cb6a97596069b01bb3128c41668"
            "0657204fd07640392e16b19f337a99a304844e1aa474e9c799062971f672268960f5a82f950070bbe9c2"
            "a71950a3785bdf0b8440255ed63928d257845168b1eccc4191325aa76645719b28ebd89302dc6723c786"
            "df5217b243099ca78238e57e64692f206b177abc259660395cd7860fb35a16f6b2fe6548c85ab66330c5"
            "17fa74cdf3cb49d26b1181901af775a1e180813b6a24c456829b5c38104ece43c76a437a6a33b6fc6c5e"
            "65c8a89466c1425485b29b9e1854368afca353e143d0a90a6c6c9e7fdb62a606856b5614f12b64b79602"
            "0c3534c3605cfdc73b86714f411850228a28b8f4b49e663416c84f7e381f6af1071343bf9d39b4543924"
            "0cc03897295fea080b14bb2d8119a880e164495c61bebc7139c11857c85e1750338d6343913706a507c9"
            "566464cd2837cf914d1a3c35e89b235c6ab7ed078bed234757c02ef6993d4a273cb8150528da4d767081"
            "77e9425546c83e147039766603b30da6268f4598a53194240a2832a3d67533b5056f9aaac61b4b17b9a2"
            "693aa0d58891e6cc56cdd772410900c405af20b903797c64876915c37b8487a1449ce924cd345c29a36e"
            "08238f7a157cc7e516ab5ba73c8063f726bb5a0a0319e57127438c7fc601c99ccaae4c1a83726fdcb504"
            "5ed1a82a985ea995396d77272c66ce493289f6110910f37c2741ce47026a6f8261999c6482572b169391"
            "2ef12eebea7acf9234fb409f2a6090e6b0bfd895469d0b2a921bb723f87a33ea5465ab90f514b67698c0"
            "768b6ca498b022c512fa0875f054aa2265867e31c0e522651e024a07d60dd9f633166921f4126bc2b6aa"
            "01cc15a09b85bff8218c5aae95bc1ffb26ae5a137670f04910ca9d7241b6660c394c5455917746a26682"
            "fb71a432ea9530e839bdeb07433004f45a0ddaa0b24e3a566a540815f281e3fc259ac6cbc0acb8d62268"
            "b603bc676ab415c474bb94873e4487ae31a4e3845c79901550890ee8784eef904fee62ba8c5f952c6841"
            "3052e0a7e3388bb8ff0ad602ae3ea14d9df6dd5e4cc6a381a41da5c137ecc49df587e178eaf47702ec62"
            "3780691a3233f69f12bd9c9b9637c51378ad71a831055277254cc63c5ad4cb76b4ab82e5fca135e8d26a"
            "6b3a89fa5b6f",
        .in = "74a26c7d27146a22c7eab420134e973799cec1da2df61ae0fa7905a3a47485a063076bfa22d6e4fe5059"
              "de0a32e38f11abd63f990e91bd0e3a5bc6e710dfe5dc0f6d4a18147ebc2e2d9b179374d83692c53efbd4"
              "5f28a2a928c2494f903576c410eb1773895ebeadb119960eebda9c3c710795a6d9b781fc58b30d08107f"
              "4e20944a382afb079f31d21724f2c26e6a53412f0a908be7586f2b3d6d7c1dea0270e98aa209244bd88e"
              "d68aae01432342ba5f49e015cb476b5b78d15ea77a354cc9e9fd07137d8760be42fd4746c62c02028e7b"
              "405ddc95df3d021921cfeddb3d961b957eca302a263dab2dc117beb3e79efacfcf936dfc09fc0d19c358"
              "d724fa381ea06ca067c384e944302c3907ab15a1da4b41352692add59b061541f07eff25ec42f46e1a0e"
              "370cad06ff3fd997d4d2c5648af762231b382d0593401936cba21551a2ae30d8e8effcf43916b83138bb"
              "5e610364429879fa9cdd5b7d3cf2feabaa1dc8d50ce69402e21103e795df7074d1fcf65f8a4e18986d54"
              "17780602c63be5a044863384bd3d8ffb685eac567ed8349dcf2ceb702b7375b145729998049d13e2cd46"
              "6cf2231b9d3a20018ee908f8514a6c6a89df7232f91fcd84b81ebc8bc539e9a37a4324755564be1bf4fa"
              "1fb4571e0abbc9b52f9d090c33be599de6c8532c7cb7ec8b4e2d3c07505280e99923865903ffd18bc13b"
              "9c8164aa1eae84e38d3f57fdb8801785f105a6a8574bd2fe9bf305848e525330bc2d24f0257e47a4950f"
              "433a9233e8cdeba81dbae7d8c1a06d01f70de6ef663207d84952827bab3d451cbea0990007fbdb4240fe"
              "899a706f7c1563e05c70be9d575189ef83e0cf76195f6652491cce04f1ce2092170a92e0dd7301246a4c"
              "44fc0b4ee6aaa63fc7027840abd2ec25f654589738cd38b9e10b975cfb6c1d2eb4da97736998f84fdddd"
              "810d72da3c5ab13507420ddbfaa4f7750c1fae9c7dfb30f40a12aea689fc78da900020e3abb32a364d5c"
              "6b3c7544a1b5734a41e95c8314b448cd0b738d829af772a8f81c51adba2d85f326c8f5d6961cf12d44a9"
              "bedea00d1df5b48f429b1ce0c15ea5f5bc10b017247ba2c6be922b0563b8e9698677cb6c45ccf2081bf8"
              "4219d2904c11ff92199f8aefad62d8608e200802c5a07202cc820e9e520e31bf36a83002eca4018b0b3a"
              "398801562aa86c77ab0d50a8fbc3768b0a643b97e7f9072168de29b8175999c9aa48d301a3f0303172e9"
              "c7d4f16329d5ca9d42397c3982e10c9da42de88bd6c2ab91c1e71e778e58bb8f801f207a88a9b47f9c68"
              "7afbba34eda6d2899e4fa0008aa2b539711753dc7c07f614e814f683d6c037562ae1fbbe6d7d5fa54b7a"
              "6d9451e11b01aaccc3bf2ed64742dd100e0eab2df6cccf937b6d5981eca0e01f3245cf26a72ad1adf066"
              "c8f5430d72f509963a657d85e554c14e26e8bec5d5f3ab998c9b29f16b04747d80749b30e51fd2a7f690"
              "c22f9986aaf6358d6fab8ded54971b32641de2b258590eeaa6bf1f32324a7c4c983f49466d86",
        .out = "3d23b10df232a180786f61261e85278251746580bebca6acbad60aef6952be69",
    },
    {
        .algorithm = "ml-kem-1024",
        .source = "NIST ACVP ML-KEM encapDecap FIPS203 tgId 6 tcId 96 (decapsulation, no "
                  "modification): priv = dk, in = c, out = k; "
                  "tests/vectors/pq/ML-KEM-encapDecap-FIPS203/internalProjection.json",
        .op = SM_OP_DECAPS,
        .priv =
            "8445c336f3518b298163dcbb6357597983ca2e873dcb49610cf52f14dbcb947c1f3ee9266967276b0c57"
            "6cf7c30ee6b93dea5118676cbee1b1d4794206fb369aba41167b4393855c84eba8f32373c05bae7631c8"
            "02744aadb6c2de41250c494315230b52826c34587cb21b183b49b2a5ac04921ac6bfac1b24a4b37a93a4"
            "b168cce7591be6111f476260f2762959f5c1640118c2423772e2ad03dc7168a38c6dd39f5f7254264280"
            "c8bc10b914168070472fa880acb8601a8a0837f25fe194687cd68b7de2340f036dad891d38d1b0ce9c26"
            "33355cf57b50b896036fca260d2669f85bac79714fdafb41ef80b8c30264c31386ae60b05faa542a26b4"
            "1eb85f67068f088034ff67aa2e815aab8bca6bf71f70ecc3cbcbc45ef701fcd542bd21c7b09568f369c6"
            "69f396473844fba14957f51974d852b978014603a210c019036287008994f21255b25099ad82aa132438"
            "963b2c0a47cdf5f32ba46b76c7a6559f18bfd555b762e487b6ac992fe20e283ca0b3f6164496955995c3"
            "b28a57bbc29826f06fb38b253470af631bc46c3a8f9ce824321985dd01c05f69b824f916633b40654c75"
            "aaeb9385576ffde2990a6b0a3be829d6d84e34f1780589c79204c63c798f55d23187e461d48c21e5c047"
            "e535b19f458bba1345b9e41e0cb4a9c2d8c40b490a3babc553b3026b1672d28cbc8b498a3a99579a832f"
            "eae74610f0b6250cc333e9493eb1621ed34aa4ab175f2ca231152509acb6ac86b20f6b39108439e5ec12"
            "d465a0fef35003e14277a21812146b2544716d6ab82d1b0726c27a98d589ebdacc4c54ba77b2498f217e"
            "14e34e66025a2a143a992520a61c0672cc9cced7c9450c683e90a3e4651db623a6db39ac26125b7fc198"
            "6d7b0493b8b72de7707dc20bbdd43713156af7d9430ef45399663c2202739168692dd657545b056d9c92"
            "385a7f414b34b90c7960d57b35ba7dde7b81fca0119d741b12780926018fe4c8030bf038e18b4fa33743"
            "d0d3c846417e9d5915c246315938b1e233614501d026959551258b233230d428b181b132f1d0b026067b"
            "a816999bc0cd6b547e548b63c9eaa091bac493dc598dbc2b0e146a2591c2a8c009dd5170aae027c541a1"
            "b5e66e45c65612984c46770493ec896ef25aa9305e9f06692cd0b2f06962e205bebe113a34ebb1a4830a"
            "9b3749641bb935007b23b24bfe576956254d7a35aa496ac446c67a7fec85a60057e8580617bcb3fad15c"
            "76440fed54cc789394fea24452cc6b0585b7eb0a88bba9500d9800e6241afeb523b55a96a535151d1049"
            "573206e59c7feb070966823634f77d5f1291755a243119621af8084ab7ac1e22a0568c6201417cbe3655"
            "d8a08dd5b513884c98d5a493fd49382ea41860f133ccd601e885966426a2b1f23d42d82e24582d997251"
            "92c21777467b1457b1dd429a0c41a5c3d704cea06278c59941b438c62727097809b4530dbe837ea396b6"
            "d31077fad3733053989a8442aac4255cb163b8ca2f27501ea967305695abd659aa02c83ee60bb574203e"
            "9937ae1c621c8ecb5cc1d21d556960b5b9161ea96fffebac72e1b8a6154fc4d88b56c04741f090cbb156"
            "a737c9e6a22ba8ac704bc304f8e17e5ea845fde59fbf788cce0b97c8761f89a242f3052583c6844a6320"
            "31c964a6c4a85a128a28619ba1bb3d1bea4b49841fc847614a066841f52ed0eb8ae0b8b096e92b819540"
            "5815b231266f36b18c1a53333dab95d2a9a374b5478a4a41fb8759957c9ab22cae545ab544ba8dd05b83"
            "f3a613a2437adb073a9635cb4bbc965fb454cf27b298a40cd0da3b8f9ca99d8cb4286c5eb47641679607"
            "0ba535aaa58cdb451cd6db5cbb0ca20f0c71de97c30da97ec7906d06b4b939396028c46ba0e7a865bc83"
            "08a3810f1212006339f7bc169b1666fdf475911bbc8aaab41755c9a8aabfa23c0e37f84fe46999e03049"
            "4b9298ef9934e8a649c0a5cce2b22f31809afed23955d87881d99fc1d352896cac9055bea0d016ccba78"
            "05a3a50e221630379bd01135221cad5d9517c8cc42637b9fc0718e9a9bb4945c72d8d11d3d659d83a3c4"
            "19509af5b470dd89b7f3accf5f35cfc322115fd66a5cd2875651326f9b3168913be5b9c87ae0b025ec7a"
            "2f4a072750946ac61170a7826d9704c5a23a1c0a2325146c3bc1858826c6b39279c2da7438a370ed8a0a"
            "a5169e3bec29ed88478732758d454143e227f8595883297842e6af133b17e4811b0f5713ac73b7e34742"
            "3eb92822d2306fa14500a7207a0672672046544acc4ea9c16ed7421a069e0d737a98628519c6a29a424a"
            "868b46d9a0cc7c6c9ddd8b8bcbf422c8f48a73143d5abb66bc55499418430802bac544463cc7319d1799"
            "8f29411365766d04c847f3129d9077b7d8339bfb96a6739c3f6b74a8f05f9138ab2fe37acb57634d1820"
            "b50176f5a0b6bc2940f1d5938f1936b5f95828b92eb72973c1590aeb7a552ceca10b00c303b7c75d4020"
            "71a79e2c810af7c745e3336712492a42043f2903a37c6434cee20b1d159b057699ff9c1d3bd68029839a"
            "08f43e6c1c819913532f911dd370c7021488e11cb504cb9c70570fff35b4b4601191dc1ad9e6adc5fa96"
            "18798d7cc860c87a939e4ccf8533632268cf1a51aff0cb811c5545cb1656e65269477430699ccdea3800"
            "630b78cd5810334ccf02e013f3b80244e70acdb060bbe7a553b063456b2ea807473413165ce57dd56347"
            "3cfbc90618ade1f0b888aa48e722bb2751858fe19687442a48e7ca0d2a29cd51bfd8f78c17b9660bfb54"
            "a470b2ae9a955c6ab8d6e5cc92ac8ed3c185daa8bc29f0578ebb812b97c9e5a848a6384de4e75a31470b"
            "53066a8d027ba44b21749c0492465f9072b28376c4e290b30c1863f9e5b79996083422bd8c272c10ecc6"
            "eb9a0a8225b31aa0a66e35b9c0b9a79582ba20a3c04cd29914f083a0158288ba4d6eb62d87264b912bca"
            "39732fbde536a377ad02b8c835d4a2f4e7b1ce115d0c860beaa7955a49ad689586a89a2b9f9b10d1595d"
            "2fc065ad018a7d56c614471f8e946fe8ab49e8226591119fcadb4f9a861631378736b6688b782d58e97e"
            "4572753a9664b6b8536812b25911aa76a242375433192738eee762f6b84315bb3436231e0a9b277ed28a"
            "e0050728346457e13405062db2804b8da60bb5c793d4cc0e101cba2d9182fd7124ff52bf4ca28292ac26"
            "d678088953971dba0b6fec2c9659353291c70c5b9245a0ca253304afd3c95102bea66875c6201680b4bd"
            "a38687b648c28eb37478e3bc00ca8a3cc27204642b42b68fcbe7b21a366d0668a5029a7deef94cdd6a95"
            "d7ea8931673bf7112d4042107b1b8b9700c974f9c4e83a8facd89bfe0ca3cc4c2fce80a03d3576c222a7"
            "92b72b1f070ab7f6b6f2b5ca2af5054afa70a896990159b45d1003e2a05648675e596016f1b71dd0f7bd"
            "a7e2097fc73b3a143d12c726020ac34958ad7062b92b9abf3ca6be5ae29f57135e625a367971837e6363"
            "d1532094e022a23467cf932e1f89b5b0803c1ec99b585a78b5865096746f32258214ecb38065c97f455e"
            "155acc2dd005a9c76bed59cda73837d303504e6c976a606a2be7bbec5948b91a349e8936688cc0279754"
            "b743abc58666b19b6c3260051f19206bb962bb6633eb0048e32baacc5b020d02c86ca9770ad469db54a1"
            "06ac73a35b8057422b3db202c5a5b4e3d535f0fc99326c4b8b7b16f1cb5af96803fa8c195fc0bceddaaf"
            "012a51728b76489082373c91e92c87acca795160782e3b0dd643544bb96abc2708d49b759cf057aa223b"
            "afd96a330baf39810fe8671b4343c297da1e1969c996216ab5106da668941b160d4477017136cbca5b5a"
            "8d44c4a8b1cf3ef79785e5aa25c3a1ad6c24fd140f79207de5a499f8a1534ffa804aa7b3889cbe25c041"
            "4704aa57897f17862364eca56258007248813912b836497f0359c2f7238a05d305a0ea152e72b44417a8"
            "68134e91b3ca7931232fd4c25f8c2a492a339cdc0a138967211451f2562678fa14080a34436c42b07865"
            "ac036a81e97a7787a938025caf813450368bed0c94b1857604526405d27a1c1abc81b5b6ec13c71930a9"
            "7d9232cf7021ef87a4d155328e62b583a83b4af21f9f5750f8575150424f63b899d71cad267c09e44671"
            "46e16e9b6c653f008c311375e2e006d4076a546b82f5314222f7c654317e79ec6035b73faf491757e61c"
            "828326d53044541c4d4537abd3ea1e67998c3382974ca78ae1b1960e4a9226b0219ab070f0d7aa66d76f"
            "9316adb80c54d6499771b471e8168d47bcaa08324ab6ba92c3a70275f24fa4dc10e251633fb98d162bb5"
            "537202c6a553ce7841c4d40b873b85ca03a0a1e1cfade6ba5180ab1323ccba9a3e9c53d37575ab1fd9e7"
            "316c6feecb0a14df6f2da56c2f56f55a89635cfcfda47927af1f0a47b2d4e4e61634b1b51d37a3a307a9"
            "72420de1b7a481b83e583b6af16f63cb00c6",
        .in = "0c681b4aa81f26adfb645ec24b3752f6b32c68645aa5e7a999b62036a53dc5cb060a473c08e5da5c0f5a"
              "f0e5170c6597e50ec08060f99b0c00ee9bddad7e7d25a22b226f90149b4ce887c72fb60aff2144ea2a72"
              "383b3118f922d032a16f554289902a14cf7755512bb1186bafaffe794d2b6cde90109e6582d39ce0c961"
              "97484b3fa07fc91d394fc8d88e7fc4be002e2db56f0c4d9d3fbda274536a0b86abc6e39bda52931aebb8"
              "f1084c5c1f7cb3177788b7f331b7074361163491d428e78bcbb57b630841aa987333377cf09569cfd14c"
              "c2a11c501bdf82c93de05bea20060de89c686b824571cef94ab3fdafa8512619813669d4f53637fefa4d"
              "028cb233e56930e2235f7e6034ca94b143b77ad4a68756e8a9184dba61a89f91edfb51a39211402473a5"
              "f89145736b2bf8569c705b0cdb8980a447e4e1eaad3e7e0578f5f86b8d03c9dafe875e339b4423845616"
              "799edce05f31b92664c5a59253a60e9d89548a300c1adb6d190a775c5ee6e8a89b6e779b034c3400a625"
              "f4bbedbf919c45b2bcd14c669248fc43c3ef47e100758942e75e8ed6075a96d70d4ebd2b61358224dda1"
              "ec4c19c2a92898176feb3c02edcb9908bae49bd94af028edf8cfc2e5f2e0bd375006986ad49e717548e7"
              "46fef49c868bcea2790aa97e04061b75605cb39efd463d7b3d68ba574434ff7be8e2b84bfc47e67e9cd1"
              "5f3ed450c61afba79a20b0b6f287777c72f4ad248174f1959477aa7a7c97f122c50447c7484f382bc47d"
              "81fcc9c7e892c8839d37b35394b53e6b2b1895abb0de8c98f2633dc4413a8d5735dfc9a64026b6f34779"
              "d6ac8ad99cc31aa898c2e7057f3db8a1a8a98527a79e43552f28d1023e1f6a6b84855cf5e6df889ba269"
              "f048946e84021c65c5a93b007b07741c1ee176c73949110f548ef4332dcdd491d2cefd0248883f5e9525"
              "bc91f30af17cf5a98dd44ef9a71f99bb732985ba10a723ef476fcf966da9456b24978e33050d0ec90d3c"
              "e46378851c9ecfcfd36c895d44e9e506993082523d26185766b23568cb95e64108f89d1014747c67b6f3"
              "c8767be5fc341227de9488861c5fe811409f80957d07522a72cf6ab0378d0f2f28af548185c393677799"
              "4466a019d33b18a54f380a33892ab4d4bd507b5a61d0d358341ac92f07b43b8f6afc6991bb6a1eac23ca"
              "6f73e91f2464bd119098d7e768e77ece53fb899beb42265ecf7b271f66546282d472c36239006bb0abab"
              "cca24550baa0a601348c810ff5f9ee504bf7155dee4141a11605a4f3509ac9caef6624d21de332d5d508"
              "28b52e92885d3b90553b14463afb1edccd3b569b5a7f00bb66769dadac23ad8bb5d73a6f390e6fc2f6f8"
              "ee3cf4009a5c3e1ef60e8f040672d262e6490379bbc70495dff237becd9952cd7edeb6d1dfc360b3fc8b"
              "0af480ffe024aeefcd4e9ce95d9b469c9a70e5110da0bac124fc3741dcf49116261796504d5f490b433c"
              "33c40edce2b75151da256a868a5e35f86226b8151c91934ccc3daca391decca745375660b6ec41ae5d81"
              "0838cbeeffa12557884412357b1008363d32b237aa1dd8e2d9c6367ada09b2c95060206cec3eed391fdc"
              "5dbef6f08bdf0408e585ae5ebc8e9745d44feca975abbc140bb37b8add16fcc2956910dc72bb3f02e9a1"
              "30c9a84f9ccb74d134cdf40afcba2009c8f0040239bc99220ef64c4dccde2e2e5c9b68602fbe8ef4c98b"
              "3468c79df4e078511bfb8aa3da09597a02511e7c21a7cf66a93843a94868f19e8552552e3acdf6cb8106"
              "34db97cbc4bb569709dad4845645446fa8d289fc59307b801e60ce2a91e06e9c22c16e2e59bde38a416b"
              "b1b4ac5457438fdc5d64450a89ecb832c1bb279dbf59334681776ac00409846d09d6f687772e340850ab"
              "8673384215e12c8d0f531c451e58493e0ee415ad594df38c34408c7ed9f0c392f1534604eac3d9c15465"
              "a9a46632214b536990d78078e5bd7eae2013fff8fdd8b275c89d97c9353df3c42a28e814d8468e2b48db"
              "0976d88f5eecefeafb8f7f4af291a728f6249ecf5622339269aa945329e919f8b441c83d5507f30df0fd"
              "2b13ff806f522daa11af676a513c149c70f0d6e99a880450a54e0417fe3c1e513e9d920e30a8b4289126"
              "7a2dc50ad81f98044920c099df22c73998a25c581a5178c72b17ac875bc68548a0fb0cbee38f05017b12"
              "433343a658f1980c8124ea6dd81f",
        .out = "8f336e9c28df349e03220af01c42832fefab1f2a74c16faf6f64ad071c1a3394",
    },
    {
        .algorithm = "ml-kem-1024",
        .source = "NIST ACVP ML-KEM encapDecap FIPS203 tgId 6 tcId 97 (decapsulation, modify "
                  "ciphertext): priv = dk, in = c, out = k; "
                  "tests/vectors/pq/ML-KEM-encapDecap-FIPS203/internalProjection.json",
        .op = SM_OP_DECAPS,
        .priv =
            "8445c336f3518b298163dcbb6357597983ca2e873dcb49610cf52f14dbcb947c1f3ee9266967276b0c57"
            "6cf7c30ee6b93dea5118676cbee1b1d4794206fb369aba41167b4393855c84eba8f32373c05bae7631c8"
            "02744aadb6c2de41250c494315230b52826c34587cb21b183b49b2a5ac04921ac6bfac1b24a4b37a93a4"
            "b168cce7591be6111f476260f2762959f5c1640118c2423772e2ad03dc7168a38c6dd39f5f7254264280"
            "c8bc10b914168070472fa880acb8601a8a0837f25fe194687cd68b7de2340f036dad891d38d1b0ce9c26"
            "33355cf57b50b896036fca260d2669f85bac79714fdafb41ef80b8c30264c31386ae60b05faa542a26b4"
            "1eb85f67068f088034ff67aa2e815aab8bca6bf71f70ecc3cbcbc45ef701fcd542bd21c7b09568f369c6"
            "69f396473844fba14957f51974d852b978014603a210c019036287008994f21255b25099ad82aa132438"
            "963b2c0a47cdf5f32ba46b76c7a6559f18bfd555b762e487b6ac992fe20e283ca0b3f6164496955995c3"
            "b28a57bbc29826f06fb38b253470af631bc46c3a8f9ce824321985dd01c05f69b824f916633b40654c75"
            "aaeb9385576ffde2990a6b0a3be829d6d84e34f1780589c79204c63c798f55d23187e461d48c21e5c047"
            "e535b19f458bba1345b9e41e0cb4a9c2d8c40b490a3babc553b3026b1672d28cbc8b498a3a99579a832f"
            "eae74610f0b6250cc333e9493eb1621ed34aa4ab175f2ca231152509acb6ac86b20f6b39108439e5ec12"
            "d465a0fef35003e14277a21812146b2544716d6ab82d1b0726c27a98d589ebdacc4c54ba77b2498f217e"
            "14e34e66025a2a143a992520a61c0672cc9cced7c9450c683e90a3e4651db623a6db39ac26125b7fc198"
            "6d7b0493b8b72de7707dc20bbdd43713156af7d9430ef45399663c2202739168692dd657545b056d9c92"
            "385a7f414b34b90c7960d57b35ba7dde7b81fca0119d741b12780926018fe4c8030bf038e18b4fa33743"
            "d0d3c846417e9d5915c246315938b1e233614501d026959551258b233230d428b181b132f1d0b026067b"
            "a816999bc0cd6b547e548b63c9eaa091bac493dc598dbc2b0e146a2591c2a8c009dd5170aae027c541a1"
            "b5e66e45c65612984c46770493ec896ef25aa9305e9f06692cd0b2f06962e205bebe113a34ebb1a4830a"
            "9b3749641bb935007b23b24bfe576956254d7a35aa496ac446c67a7fec85a60057e8580617bcb3fad15c"
            "76440fed54cc789394fea24452cc6b0585b7eb0a88bba9500d9800e6241afeb523b55a96a535151d1049"
            "573206e59c7feb070966823634f77d5f1291755a243119621af8084ab7ac1e22a0568c6201417cbe3655"
            "d8a08dd5b513884c98d5a493fd49382ea41860f133ccd601e885966426a2b1f23d42d82e24582d997251"
            "92c21777467b1457b1dd429a0c41a5c3d704cea06278c59941b438c62727097809b4530dbe837ea396b6"
            "d31077fad3733053989a8442aac4255cb163b8ca2f27501ea967305695abd659aa02c83ee60bb574203e"
            "9937ae1c621c8ecb5cc1d21d556960b5b9161ea96fffebac72e1b8a6154fc4d88b56c04741f090cbb156"
            "a737c9e6a22ba8ac704bc304f8e17e5ea845fde59fbf788cce0b97c8761f89a242f3052583c6844a6320"
            "31c964a6c4a85a128a28619ba1bb3d1bea4b49841fc847614a066841f52ed0eb8ae0b8b096e92b819540"
            "5815b231266f36b18c1a53333dab95d2a9a374b5478a4a41fb8759957c9ab22cae545ab544ba8dd05b83"
            "f3a613a2437adb073a9635cb4bbc965fb454cf27b298a40cd0da3b8f9ca99d8cb4286c5eb47641679607"
            "0ba535aaa58cdb451cd6db5cbb0ca20f0c71de97c30da97ec7906d06b4b939396028c46ba0e7a865bc83"
            "08a3810f1212006339f7bc169b1666fdf475911bbc8aaab41755c9a8aabfa23c0e37f84fe46999e03049"
            "4b9298ef9934e8a649c0a5cce2b22f31809afed23955d87881d99fc1d352896cac9055bea0d016ccba78"
            "05a3a50e221630379bd01135221cad5d9517c8cc42637b9fc0718e9a9bb4945c72d8d11d3d659d83a3c4"
            "19509af5b470dd89b7f3accf5f35cfc322115fd66a5cd2875651326f9b3168913be5b9c87ae0b025ec7a"
            "2f4a072750946ac61170a7826d9704c5a23a1c0a2325146c3bc1858826c6b39279c2da7438a370ed8a0a"
            "a5169e3bec29ed88478732758d454143e227f8595883297842e6af133b17e4811b0f5713ac73b7e34742"
            "3eb92822d2306fa14500a7207a0672672046544acc4ea9c16ed7421a069e0d737a98628519c6a29a424a"
            "868b46d9a0cc7c6c9ddd8b8bcbf422c8f48a73143d5abb66bc55499418430802bac544463cc7319d1799"
            "8f29411365766d04c847f3129d9077b7d8339bfb96a6739c3f6b74a8f05f9138ab2fe37acb57634d1820"
            "b50176f5a0b6bc2940f1d5938f1936b5f95828b92eb72973c1590aeb7a552ceca10b00c303b7c75d4020"
            "71a79e2c810af7c745e3336712492a42043f2903a37c6434cee20b1d159b057699ff9c1d3bd68029839a"
            "08f43e6c1c819913532f911dd370c7021488e11cb504cb9c70570fff35b4b4601191dc1ad9e6adc5fa96"
            "18798d7cc860c87a939e4ccf8533632268cf1a51aff0cb811c5545cb1656e65269477430699ccdea3800"
            "630b78cd5810334ccf02e013f3b80244e70acdb060bbe7a553b063456b2ea807473413165ce57dd56347"
            "3cfbc90618ade1f0b888aa48e722bb2751858fe19687442a48e7ca0d2a29cd51bfd8f78c17b9660bfb54"
            "a470b2ae9a955c6ab8d6e5cc92ac8ed3c185daa8bc29f0578ebb812b97c9e5a848a6384de4e75a31470b"
            "53066a8d027ba44b21749c0492465f9072b28376c4e290b30c1863f9e5b79996083422bd8c272c10ecc6"
            "eb9a0a8225b31aa0a66e35b9c0b9a79582ba20a3c04cd29914f083a0158288ba4d6eb62d87264b912bca"
            "39732fbde536a377ad02b8c835d4a2f4e7b1ce115d0c860beaa7955a49ad689586a89a2b9f9b10d1595d"
            "2fc065ad018a7d56c614471f8e946fe8ab49e8226591119fcadb4f9a861631378736b6688b782d58e97e"
            "4572753a9664b6b8536812b25911aa76a242375433192738eee762f6b84315bb3436231e0a9b277ed28a"
            "e0050728346457e13405062db2804b8da60bb5c793d4cc0e101cba2d9182fd7124ff52bf4ca28292ac26"
            "d678088953971dba0b6fec2c9659353291c70c5b9245a0ca253304afd3c95102bea66875c6201680b4bd"
            "a38687b648c28eb37478e3bc00ca8a3cc27204642b42b68fcbe7b21a366d0668a5029a7deef94cdd6a95"
            "d7ea8931673bf7112d4042107b1b8b9700c974f9c4e83a8facd89bfe0ca3cc4c2fce80a03d3576c222a7"
            "92b72b1f070ab7f6b6f2b5ca2af5054afa70a896990159b45d1003e2a05648675e596016f1b71dd0f7bd"
            "a7e2097fc73b3a143d12c726020ac34958ad7062b92b9abf3ca6be5ae29f57135e625a367971837e6363"
            "d1532094e022a23467cf932e1f89b5b0803c1ec99b585a78b5865096746f32258214ecb38065c97f455e"
            "155acc2dd005a9c76bed59cda73837d303504e6c976a606a2be7bbec5948b91a349e8936688cc0279754"
            "b743abc58666b19b6c3260051f19206bb962bb6633eb0048e32baacc5b020d02c86ca9770ad469db54a1"
            "06ac73a35b8057422b3db202c5a5b4e3d535f0fc99326c4b8b7b16f1cb5af96803fa8c195fc0bceddaaf"
            "012a51728b76489082373c91e92c87acca795160782e3b0dd643544bb96abc2708d49b759cf057aa223b"
            "afd96a330baf39810fe8671b4343c297da1e1969c996216ab5106da668941b160d4477017136cbca5b5a"
            "8d44c4a8b1cf3ef79785e5aa25c3a1ad6c24fd140f79207de5a499f8a1534ffa804aa7b3889cbe25c041"
            "4704aa57897f17862364eca56258007248813912b836497f0359c2f7238a05d305a0ea152e72b44417a8"
            "68134e91b3ca7931232fd4c25f8c2a492a339cdc0a138967211451f2562678fa14080a34436c42b07865"
            "ac036a81e97a7787a938025caf813450368bed0c94b1857604526405d27a1c1abc81b5b6ec13c71930a9"
            "7d9232cf7021ef87a4d155328e62b583a83b4af21f9f5750f8575150424f63b899d71cad267c09e44671"
            "46e16e9b6c653f008c311375e2e006d4076a546b82f5314222f7c654317e79ec6035b73faf491757e61c"
            "828326d53044541c4d4537abd3ea1e67998c3382974ca78ae1b1960e4a9226b0219ab070f0d7aa66d76f"
            "9316adb80c54d6499771b471e8168d47bcaa08324ab6ba92c3a70275f24fa4dc10e251633fb98d162bb5"
            "537202c6a553ce7841c4d40b873b85ca03a0a1e1cfade6ba5180ab1323ccba9a3e9c53d37575ab1fd9e7"
            "316c6feecb0a14df6f2da56c2f56f55a89635cfcfda47927af1f0a47b2d4e4e61634b1b51d37a3a307a9"
            "72420de1b7a481b83e583b6af16f63cb00c6",
        .in = "4f90106ff7c3dc4e47417f31ab56b1c5e426c1ecd5878aad2b705e75062da5fa6f4d18b704c941c6c6d9"
              "41fd21191a69210bc39e24950d9f851b6de8ce30023dc7536439104d42245f3e04e6aa6763f8ac97adbd"
              "04cc69547bce0bf290ffb5d12946301174af1b0868c14d4293fa9dcc5b23f809b02cc78defe7f27935b9"
              "b681e531fc21ccb2af8ef6144d8498e63e0ee48af8d4cef7ac1f669ac740b06f79ddb58e794f2fc2ca83"
              "2e05a0374c18a4f2cc78343eea064abc5f468f4dd11e0b6e8fa1d18a221d8241450c05eb9edf90d9d7f6"
              "66ac82e7fd44af9328e0bc6004d5b114e80e9b980d18e081d771dfcb2acfd40142a2eb33234f75733eab"
              "7d8ee8a5a6f796681a4a8af85cce86971b821d4ad8371049e94e280b77b15d111a42aeadfc08d4f804bd"
              "78885443e81a393df7c8754c460915846e09a0596587460038f55d06ec21434a1c2df44d0c16706e8d2b"
              "83f0e7833976ef05bf1d9f0ddc9a37597e401b817c2bec8e02eb9df7591e239f25f8648e7f2f4f673093"
              "bd9cb703da32b353f58514c6ab55748b194e52f153d52f5f33fe95c5f9f65ea97ba721e8ddf333b64d23"
              "3a867a12701e00c5d8a9b5ae344f3d847c27c079dcc9c3b40ec4604a9f041e7987e8b930c658b9a132de"
              "4e422c0e27553a2a0eab8c859eb0e5677e83272725c5c1652e61b9bbf5c9c59bc2357a4d1db9c607f34d"
              "c1ba074b84dfc69e4097a7ad2ba9a58000027296ad39fc1ce218a5eec7adfa8aa3b9100b0b603cfc83c1"
              "52589e12e6bd9ee10c49131a701d315dfec38e018328916f9ffaa7305cfb66781707d2d1020eb782f9f0"
              "03db4e46b87d693f62e8bde170141ff71f26ddf5310c00c9163655f5217dd2c8b0466ac89db55bd7fb3b"
              "0964bc9009e9686185117dcb50d6d0297753cf7f1217e819ee60e3f0faec4a5af0c2ea83ccde15cf045c"
              "6961de8ff6235c9d93ba4c89b7a82a7471fcfb0b8ead54d56e8a1de21b3933ac5b4a0689eef3598926e1"
              "7bbb16aec61ec30a2ccc0e0323ec282887c108c3a4e83e3666493d8653d0e92443808c79d770bff48a49"
              "e65ae089fec790bba4c66354ef67a334c1ea5c6c5707b6928ebd1bdb6a940fa242c6ebd7f3e71272421c"
              "9082841a6cad2894bb8ac85f105d8bbc9e6f0a3df0d7c46f6e2f4cab904ed157afa85d4a852220a9636e"
              "1e8821643a9e4028d87a430432f09354b3973182385cf5abfc8f84982bee0bcbf5d18637399163a09eb4"
              "5711e07c4458498c76979107cf91b3fc590ea4ad715d656d5e56dc32146580101c952e02ed7017960d54"
              "caaccc70607196980adbdaea420a52c0559ed23c9514f8ca7ab7f3baafd2fab58960a64128d5a50e9ad8"
              "db7d23a90ce64c1bc349d118d3603358377f84ff5a64457fa1cf41b27094bca72360bd429415b9ef9acc"
              "b7a5d7b9e5f5fdca8fcfa4592e91d7e5120df7e3c6675af2211bb94d856a5d2285fbbb36984a13455909"
              "30b13232565d54812a9345324c232653190323cc67c840e478d09e6ddbcf999f7aa3b556f80332e67aca"
              "41ec0661088d7696bb64e9a98a0749faa9854d9b48754023bacaf3c8081a46157c6453bdc89341d3092f"
              "3b5337874ce5de559a56a2ffb7f401f6e28eecaf4fde5b60dea73d6b2182ef68e07a8297f3c959e17139"
              "b5dedc72c7a0e103aff866e89d1f62a1f6b97b61bc059bde5a2a06087ef783a441f23dd191c692d03c09"
              "7ff9ee831f7715c6e508bf475e79a8353e84b06a9356045c8fd09fba35879069b9a3f478fbd051143c13"
              "d753bc45f3040e85985efd6b149efa9455a18e2894e6ea0be58f451ff1156f93cc7117b5d091e9dd50d4"
              "1bfccd44f2c4eb7812aefd13c8b68d7f0103bb6ca38d233b6aadd01845b7e44d13c1cb1577d6c4354b06"
              "3991344787f8c0be667a7440b98917ad64cc2ef2bc82efc3398b3b1b238540756ce9fc5edd26cc20e761"
              "d592a1a0530aa8befcfe8dadbac99a417ca0827f4983ff5be656669f2b5f985ff6b16c44bbea131d1fcc"
              "70fc53bf31ef225d1f5d41863b51b57ea65c6164f7531ae492efa64161b7daba3ef4586f3459be8a9623"
              "67dc276597b98e91ff594efe8849bad4cf91b9e5f244cf03ca9615be128e96958533544a56e735994b92"
              "e4ef0d5fab54b78ec66641c7463f225d261c144f00a0270741d7a511994833635a8a9b670cbfbef239bf"
              "83327e247943b205da68db94e3f3",
        .out = "7545cc458e0a274a83b13554224f0bd01d57cc4775ad12468d3fee5b08c93a6a",
    },
    /* The TLS hybrid X25519MLKEM768, composed from the ML-KEM-768 and X25519 vectors. */
    {
        .algorithm = "x25519-ml-kem-768",
        .source = "X25519MLKEM768 keygen from the ML-KEM-768 ACVP keyGen tcId 26 seed and RFC 7748 "
                  "6.1 a; tests/vectors/pq/x25519-ml-kem-768.txt",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "e34a701c4c87582f42264ee422d3c684d97611f2523efe0c998af05056d693dca85768f3486bd32a01bf"
            "9a8f21ea938e648eae4e5448c34c3eb88820b159eedd77076d0a7318a57d3c16c17251b26645df4c2f87"
            "ebc0992ab177fba51db92c2a",
        .out =
            "6d14a071f7cc452558d5e71a7b087062ecb1386844588246126402b1fa1637733cd5f60cc84bcb646a78"
            "92614d7c51b1c7f1a2799132f13427dc482158da254470a59e00a4e49686fdc077559367270c2153f110"
            "07592c9c4310cf8a12c6a8713bd6bb51f3124f989ba0d54073cc242e0968780b875a869efb851586b9a8"
            "68a384b9e6821b201b932c455369a739ec22569c977c212b381871813656af5b567ef893b584624c863a"
            "259000f17b254b98b185097c50ebb68b244342e05d4de520125b8e1033b1436093ace7ce8e71b458d525"
            "673363045a3b3eea9455428a398705a42327adb3774b7057f42b017ec0739a983f19e8214d09195fa24d"
            "2d571db73c19a6f8460e50830d415f627b88e94a7b153791a0c0c7e9484c74d53c714889f0e321b6660a"
            "532a5bc0e557fbca35e29bc611200ed3c633077a4d873c5cc67006b753bf6d6b7af6ca402ab618236c0a"
            "ffbc801f8222fbc36ce0984e2b18c944bbcbef03b1e1361c1f44b0d734afb1566cff8744da8b9943d6b4"
            "5a3c09030702ca201ffe20cb7ec5b0d4149ee2c28e8b23374f471b57150d0ec9336261a2d5cb84a3acac"
            "c4289473a4c0abc617c9abc178734434c82e1685588a5c2ea2678f6b3c2228733130c466e5b86ef49115"
            "3e48662247b875d201020b566b81b64d839ab4633baa8ace202baab4496297f9807adbbb1e332c6f8022"
            "b2a18cfdd4a82530b6d3f007c3353898d966cc2c21cb4244bd00443f209870acc42bc33068c724ec1722"
            "3619c1093cca6aeb29500664d1225036b4b81091906969481f1c723c140b9d6c168f5b64bea69c5fd638"
            "5df7364b8723bcc85e038c7e464a900d68a2127818994217aec8bdb39a970a9963de93688e2ac82abcc2"
            "2fb9277ba22009e878381a38163901c7d4c85019538d35caae9c41af8c929ee20bb08ca619e72c2f2262"
            "c1c9938572551ac02dc9268fbcc35d79011c3c090ad40a4f111c9be55c427eb796c1932d8673579af1b4"
            "c638b0944489012a2559a3b02481b01ac30ba8960f80c0c2b3947d36a12c080498bee448716c973416c8"
            "242804a3da099ee137b0ba90fe4a5c6a89200276a0cfb643ec2c56a2d708d7b4373e44c1502a763a6005"
            "86e6cda6273897d44448287dc2e602dc39200bf6166236559fd12a60892aeb153dd651bb469910b4b346"
            "69f91da8654d1eb72eb6e02800b3b0a7d0a48c836854d3a83e65569cb7230bb44f3f143a6dec5f2c39ab"
            "90f274f2088bd3d6a6fca0070273bedc84777fb52e3c558b0ae06183d5a48d452f68e15207f861627aca"
            "14279630f82ec3a0ca078633b600afa79743a600215be5637458ce2ce8aff5a08eb5017b2c766577479f"
            "8dc6bf9f5cc75089932161b96cea406620aedb630407f7687ebbb4814c7981637a48a90de68031e062a7"
            "af7612b4f5c7a6da86bd136529e64295a5613ea73bd3d4448cb81f243135c0a660beb9c17e651def469a"
            "7d90a15d3481090bcbf227012328941fa46f39c5006ad93d458aa6add655862b418c3094f551460df215"
            "3a5810a7da74f0614c2588be49dc6f5e88154642bd1d3762563326433507156a57c57694bdd26e7a246f"
            "eb723aed67b04887c8e476b48cab59e5362f26a9ef50c2bc80ba146226216fe62968a60d04e8c170d741"
            "c7a2b0e1abdac9688520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
    },
    {
        .algorithm = "x25519-ml-kem-768",
        .source = "X25519MLKEM768 decaps from ML-KEM-768 ACVP encapDecap tcId 88 and RFC 7748 6.1; "
                  "tests/vectors/pq/x25519-ml-kem-768.txt",
        .op = SM_OP_DECAPS,
        .priv =
            "1e4ac87b1a692a529fdbbab93374c57d110b10f2b1ddebac0d196b7ba631b8e9293028a8f379888c422d"
            "c8d32bbf226010c2c1ec73189080456b0564b258b0f23131bc79c8e8c11cef3938b243c5ce9c0edd37c8"
            "f9d29877dbbb615b9b5ac3c948487e467196a9143efbc7cedb64b45d4acda2666cbc2804f2c8662e128f"
            "6a9969ec15bc0b9351f6f96346aa7abc743a14fa030e37a2e7597bddfc5a22f9cedaf8614832527210b2"
            "6f024c7f6c0dcf551e97a4858764c321d1834ad51d75bb246d277237b7bd41dc4362d063f4298292272d"
            "01011780b79856b296c4e946658b79603197c9b2a99ec66acb06ce2f69b5a5a61e9bd06ad443ceb0c74e"
            "d65345a903b614e81368aac2b3d2a79ca8ccaa1c3b88fb82a36632860b3f7950833fd0212ec96ede4ab6"
            "f5a0bda3ec6060a658f9457f6cc87c6b620c1a1451987486e496612a101d0e9c20577c571edb5282608b"
            "f4e1ac926c0db1c82a504a799d89885ca6252bd5b1c183af701392a407c05b848c2a3016c40613f02a44"
            "9b3c7926da067a533116506840097510460bbfd36073dcb0bfa009b36a9123eaa68f835f74a01b00d209"
            "7835964df521ce9210789c30b7f06e5844b444c53322396e4799baf6a88af7315860d0192d48c2c0da6b"
            "5ba64325543acdf5900e8bc477ab05820072d463affed097e062bd78c99d12b385131a241b708865b419"
            "0af69ea0a64db71448a60829369c7555198e438c9abc310bc70101913bb12faa5beef975841617c847cd"
            "6b336f877987753822020b92c4cc97055c9b1e0b128bf11f505005b6ab0e627795a20609efa991e598b8"
            "0f37b1c6a1c3a1e9aee7028f77570ab2139128a00108c50eb305cdb8f9a603a6b078413f6f9b14c6d82b"
            "5199ce59d887902a281a027b717495fe12672a127bbf9b256c43720d7c160b281c12757da135b1933352"
            "be4ab67e40248afc318e2370c3b8208e695bdf337459b9acbfe5b487f76e9b4b4001d6cf90ca8c699a17"
            "4d42972dc733f33389fdf59a1daba81d834955027334185ad02c76cf294846ca9294ba0ed66741ddec79"
            "1cab34196ac5657c5a78321b56c33306b5102397a5c09c3508f76b48282459f81d0c72a43f737bc2f12f"
            "45422628b67db51ac1424276a6c08c3f7615665bbb8e928148a270f991bcf365a90f87c30687b68809c9"
            "1f231813b866bea82e30374d80aa0c02973437498a53b14bf6b6ca1ed76ab8a20d54a083f4a26b7c038d"
            "81967640c20bf4431e71dacce8577b21240e494c31f2d877daf4924fd39d82d6167fbcc1f9c5a259f843"
            "e30987ccc4bce7493a2404b5e44387f707425781b743fb555685584e2557cc038b1a9b3f4043121f5472"
            "eb2b96e5941fec011ceea50791636c6abc26c1377ee3b5146fc7c85cb335b1e795eec2033ee44b9aa906"
            "85245ef7b4436c000e66bc8bcbf1cdb803ac1421b1fdb266d5291c8310373a8a3ce9562ab197953871ab"
            "99f382cc5aa9c0f273d1dca55d2712853871e1a83cb3b85450f76d3f3c42bab5505f7212fdb6b8b7f602"
            "9972a8f3751e4c94c1108b02d6ac79f8d938f05a1b2c229b14b42b31b01a364017e59578c6b033833774"
            "cb9b570f9086b722903b375446b495d8a29bf80751877a80fb724a0210c3e1692f397c2f1ddc2e6ba17a"
            "f81b92acfabef5f7573cb493d184027b718238c89a3549b8905b28a83362867c082d3019d3ca70700731"
            "ceb73e8472c1a3a093361c5fea6a7d40955d07a41b64e50081a361b604cc518447c8e25765ab7d68b243"
            "275207af8ca6564a4cb1e94199dba1878c59bec809ab48b2f211badc6a1998d9c7227c1303f469d46a9c"
            "7e5303f98aba67569ae8227c16ba1fb3244466a25e7f823671810cc26206feb29c7e2a1a91959eeb03a9"
            "8252a4f7412674eb9a4b277e1f2595fca64033b41b40330812e9735b7c607501cd8183a22afc33925537"
            "44f33c4d202526945c6d78a60e201a16987a6fa59d94464b56506556784824a07058f57320e76c825b93"
            "47f2936f4a0e5cdaa18cf8833945ae312a36b5f5a3810aac82381fdae4cb9c6831d8eb8abab850416443"
            "d739086b1c326fc2a3975704e396a59680c3b5f360f5480d2b62169cd94ca71b37bc5878ba2985e068ba"
            "050b2ce50726d4b4451b77aaa8676eae094982210192197b1e92a27f59868b78867887b9a70c32af8463"
            "0aa908814379e6519150ba16439b5e2b0603d06aa6674557f5b0983e5cb6a97596069b01bb3128c41668"
            "0657204fd07640392e16b19f337a99a304844e1aa474e9c799062971f672268960f5a82f950070bbe9c2"
            "a71950a3785bdf0b8440255ed63928d257845168b1eccc4191325aa76645719b28ebd89302dc6723c786"
            "df5217b243099ca78238e57e64692f206b177abc259660395cd7860fb35a16f6b2fe6548c85ab66330c5"
            "17fa74cdf3cb49d26b1181901af775a1e180813b6a24c456829b5c38104ece43c76a437a6a33b6fc6c5e"
            "65c8a89466c1425485b29b9e1854368afca353e143d0a90a6c6c9e7fdb62a606856b5614f12b64b79602"
            "0c3534c3605cfdc73b86714f411850228a28b8f4b49e663416c84f7e381f6af1071343bf9d39b4543924"
            "0cc03897295fea080b14bb2d8119a880e164495c61bebc7139c11857c85e1750338d6343913706a507c9"
            "566464cd2837cf914d1a3c35e89b235c6ab7ed078bed234757c02ef6993d4a273cb8150528da4d767081"
            "77e9425546c83e147039766603b30da6268f4598a53194240a2832a3d67533b5056f9aaac61b4b17b9a2"
            "693aa0d58891e6cc56cdd772410900c405af20b903797c64876915c37b8487a1449ce924cd345c29a36e"
            "08238f7a157cc7e516ab5ba73c8063f726bb5a0a0319e57127438c7fc601c99ccaae4c1a83726fdcb504"
            "5ed1a82a985ea995396d77272c66ce493289f6110910f37c2741ce47026a6f8261999c6482572b169391"
            "2ef12eebea7acf9234fb409f2a6090e6b0bfd895469d0b2a921bb723f87a33ea5465ab90f514b67698c0"
            "768b6ca498b022c512fa0875f054aa2265867e31c0e522651e024a07d60dd9f633166921f4126bc2b6aa"
            "01cc15a09b85bff8218c5aae95bc1ffb26ae5a137670f04910ca9d7241b6660c394c5455917746a26682"
            "fb71a432ea9530e839bdeb07433004f45a0ddaa0b24e3a566a540815f281e3fc259ac6cbc0acb8d62268"
            "b603bc676ab415c474bb94873e4487ae31a4e3845c79901550890ee8784eef904fee62ba8c5f952c6841"
            "3052e0a7e3388bb8ff0ad602ae3ea14d9df6dd5e4cc6a381a41da5c137ecc49df587e178eaf47702ec62"
            "3780691a3233f69f12bd9c9b9637c51378ad71a831055277254cc63c5ad4cb76b4ab82e5fca135e8d26a"
            "6b3a89fa5b6f77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
        .in = "a5c81c76c24305e1ce5d8135d41523682e9ee6d7b40ad41df1f37c9b17dce78076019a6b0b7c95c9be7a"
              "f29507b2d5a6987c8ee3259190855243e6e56f5620608c52d96fab103a8700fba1a87dca6078118a0871"
              "762c9534c0c0c3978c91c3a01f0f608dcf757815438fe8957c8a859183b1b6721a0865bebc799d4e5c0e"
              "7bd3eae4858e6ab6a2e7658ed80d4ed158b036b93fa03afa6ae3136cf3d693c911bcc75905e5b0cb2865"
              "b9e9884522a77777613e53111d5a1c7d3dab734ceb03657ae0c89763e99471054776bae7d51b0e73a5bb"
              "35aec30ff6bc93684916fef1162586452f426653e2ca844d5744307ff9aeb287a6447783b21a0e939c81"
              "421d631f5dcb452e51ed34e3dad1cf504e0a3b0f4711a8dc6499d1691d109569336ce1558a4c0a464e20"
              "87ea8f9e3b18f747ef61f4576aeb42b17cadb7f0fd84da8e3a6f471d95edfa65be9e6c9f6ae756a22a4f"
              "1a5c543c26ba7bad88e16d5f5b7e12e2d4ca34b3a64d17f87ccfc4ff8c5e4f53752a077c68721e8cc817"
              "f9ff24876170ff2af89fa95855a5b1de347c07fddbcfe7264aa5ed6401491561d831538f852b0ed7b9e8"
              "ebaffc060284f22d2baee56fa9f6d01432a115a2d6a64c38ae0a50ba362fb57b53e3e855b83ce8c42274"
              "045599f65fa6a8921d85f94ed230b516712db6fd2ff28b3a3371d9be058ae75c2fa591b7ec3c3daa1f76"
              "42bc26c324c08090607e6662154db37cf747967a1f9fc29089f570ebe60eeef89fd24481028c85aef1dc"
              "3b09f22cd3691bbbb821c7a8a0f35ad12be1dd199b977048f3d48c16bb2ca94cecb8928770d5bb329a03"
              "27e0b286faa1c65281031a31c84f2edc9c04d475ed4e128e51efa97d0148cba6c95f674c589f301c265b"
              "ed708e9ad8da3c5cecbdeeed35ef1e253132ba89920d786b88230b013bcf2dc92d6b157afa8da8592cd0"
              "743d4982be60d7c2d5c472ab9fa7f4cc3d12b0ebaf0abe555c75805426844dd9428643f84406a1b8d6fa"
              "edfd8ae6e73a72772a2159acabd972aeb6f7de091ac5fdd7f49a3dc6641cdf62446b4b04a31f73b80a62"
              "f80a404a8cb18ce3e65480ef7b52bf0091117e5d08eae1b0aabb72e6dffff76f6e44bbd7ea570d6604bc"
              "2e74318bafa315a38861aa1b21afb2a53f2614f1d640075984ae62e2fca1d1b4db369f15705ce7d4df8a"
              "e98264501051c0def21d645d49625af02ca428d9f0c2cd9fbaeeab97e8e9151662b6992b4c99ab1b925d"
              "08920363373f76d3fdf0828caa69c8b1bdc6f521df641cf1c8a4e7ef0c23289a4e2cf18acebbe4c1e683"
              "69bd5235120142ecdd1a73811e2e533a647d7aee16daa03b683639dcf1e1f1e71cfaed48f69aec3e8317"
              "33da19cebec1ddbf71cbae0800f2f6d64a096ec495d62f4344f7aa5621b322353a795aa099ea3a070272"
              "d053d4653a20cf210eaaf12cae6023d8e5118df04b384a44d1edb91c44989ef7ee57f2bf81a24bdc7680"
              "7da967ee6525410c5c485067efc3d39a9ad42cc753baa59a1fd28af35c00d18a406a28fc79bade9edb7d"
              "7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
        .out =
            "dc5b8888bc1eba5c1969c21164ea43e22e7ac0cd012a2f26cb8c487e69ef7ce44a5d9d5ba4ce2de1728e"
            "3bf480350f25e07e21c947d19e3376f09b3c1e161742",
    },
    /* FIPS 204 ML-DSA and FIPS 205 SLH-DSA key generation: NIST ACVP keyGen. */
    {
        .algorithm = "ml-dsa-44",
        .source = "NIST ACVP ML-DSA keyGen FIPS204 tgId 1 tcId 1: key_seed = seed (xi), out = pk; "
                  "tests/vectors/pq/ML-DSA-keyGen-FIPS204.txt",
        .op = SM_OP_KEYGEN,
        .key_seed = "079eab79ab14747ca01582b59f2624191b0c59fa219cdeb79f66669daf0e695e",
        .out =
            "65406f1f72e6d3485c8f8aaea6f44e59123d4fa8fe7122db24558d2803cd3488562dbb70d635855595ef"
            "bdee015419a0f727af55ce5aad68b4cf637ea3b336fa1f2771a47d7af3967190bb7bb3f6e4cbc0765da6"
            "188ec38674d6839de9099eff09db1992375c68a5807127685373de558ef2148ca557b9103bb68a3442a0"
            "ee485dd9cefd1db6db73938e66f33efeaf1f50f517058c85a26a5166c58ab7f03561e4331b1ec15ad6b5"
            "62ee6222f1e77105aa24af85561cdfaf4d7a23e56f80b401437ec8df8bd038388fcc808fc7b5f04dd5c9"
            "e725aa7b33c2f0f58f09ceadc462972d15d92996826a9c92a70f7733f86a437fd1ab8a44228516b30672"
            "09cdf947a0f8ca4a2fb6dfe531852270c461a7809f08f67c79e01e1343567ea1b6e8f33f4c871ab0885d"
            "7f7a74763051d17d3b0024cabbd2202a10e92db95a36b0067f737bd110a20301cfec9673d311658cbfd8"
            "c4a5da8633b236e5affd1b1175a6e80f2f2ece869032306e90b3866509dbcacee4c02206bc9f51572bd8"
            "9ad918e4e5467519f3d7f288700b66c4ea0ddcf8c5477d4b015282c2af7648e234e139298dc25840c946"
            "e33a5f4b9b22124f7d44d7e613742ead04124a5c79579fc166bee615867da5ae691f819a723d55d66136"
            "869ef9d360e65bc1ee53653bb9c86f675d40f0e5d613db96f1b4898fc5079eff0a12afaaf73bc9c3b8a3"
            "25c6b0636098180977452024724ec26247e2fdca9f3e040dfd5690e1190e6bdf15001a85159918201edc"
            "b4d246076fd9b3729c2d0324851bb59ad7fb232c01fad2cf0f2e42f28b39104077e46183c9198714483f"
            "840058e21c9ffe6b1b269c0f6f50aef13f0b0b14c7b8031e37e7b3909a73da0550b7503f78ed74ff78f6"
            "97fa9985aae13f7195a89f85b1d6682b58318d363c051396e2ff4098e04cfb1921a62727efd27e205eca"
            "b25a89d9ecd79eec9d248294dccc24855d6e4c7f55232994208bed3410bc5bfe0ee0da6b6b5ed2deae99"
            "2a73aa0be5aa4d9227b8fa8a9ab436c92f9144ff84048eb3113a0532ef95384dab3e49397cabf9a7e8f4"
            "cf3d031af6b290358bf9c0d73d475ccef219416d26bb7ed450d88d2332f031b25313a922e41a23139e0e"
            "1530dfa2df4ce40d0f8ee9eafedff307f9e49ef660d08f038cab61074325e55d445106c14ab26b1b488d"
            "456bef526354eecb75d70501d7be54c3ac5e55b1114c22379e91c7bce36f8f243ccf6078046cbddc51b2"
            "e7b5142702834a156b7d85e206ba90dd3579653656fdf5cc98dc3ddc82a5e07d6535de56c52a9aadb2bd"
            "c0b63b4833eef75cb92c491d167ae3e2a33828b22cab98c61701127332590d2285224623f603068b3e7a"
            "746d6817a48b681aa52237caaa803e2c7155c67820ad3b4e3b88dab30352da6c5d2f40fdbfc3a74685dd"
            "b755417ec8414dc8d61c19bcf8ea39bae9f8bfe88021457778b56a639c317a321385fc3567eb0741883b"
            "ee08f75aaac4c10581d905383b03f4f27431591dd648045fd82dab4223958a726da9de58b30dc9e163e4"
            "531b768edf447bb4557e5e4e09c2dae5a826f43f1c5732a2ee4632bfbf765acbb75c98390a876b7c83aa"
            "040eb86b1220ff41aa3556ce5ccfba0d8a4728f8da735772658c9a49ef9774ec60312122fe1b8cae1ad8"
            "ed88f47866f74fd4917f011077c2837447f4f4365739043074350e489378bd7340de9d9802d17554c216"
            "1af23fac8e50ba22b664c716a46010b1a1bf2c69b6bb0c262dcd8d11dc455695ed3fbf9efdda12ae93cb"
            "6c3b6e0b727b65606682914edfedaca8ebc7954f2d6168c2ad8caf49d956d41b1289c02bf90ca2e1b2cb"
            "aa965823cedbb6b42827",
    },
    {
        .algorithm = "ml-dsa-65",
        .source = "NIST ACVP ML-DSA keyGen FIPS204 tgId 2 tcId 26: key_seed = seed (xi), out = pk; "
                  "tests/vectors/pq/ML-DSA-keyGen-FIPS204.txt",
        .op = SM_OP_KEYGEN,
        .key_seed = "ac37688a229c819f1f5ba5a2ed98e3d0ad98d1b5db233ff8e8122040bcba609f",
        .out =
            "fed3ffcdec5bee2e82d7ac7f2a244035b5aa94c1e0e6a2141c4aceb45165a1a22e5c51360e29f01012d2"
            "6e77a00a9f004a4f155c7e0ef6ea1211ef5df3553d0fe7ef74ef13c1c4794e67f1667a9d6fd1e9254d52"
            "c5fa68768cf14af5e337f9661935bba4a6e0b08f3dea4b687efaa73c05484b28d79866cd9ccb4aa1f710"
            "7dc5a0cd21ec6f93798ac1b6849717d0bff431e95de178c18d13018157565662ea5e72fec778e877357c"
            "db248d728e43c247fb5692607449790074668757119543c00f94b50d500b85760b3744154912c7c769f1"
            "55d475a1e5d1c6656f68356a24fc8222e7ccc401eda319e919e0575bded0694121400ef991d64908356d"
            "c31d51c242b818d406998293ca9c8fe41a9833c09cdc439e1a857f6508fecd89541dfc41d898da498624"
            "4b569d85669c76df202044867a7827b6ef19ff601c3a1e162c20fbd4b0e22ebaf49cb0a978b2755e3ed4"
            "995ba2277f182177e6e86f54131c6d4dcf1059b57a26810a1f0c143655502bc54cb8ab7a4612d81de981"
            "4b037a6cdcf6caaff25cae2ced59013037eccfc5ef1965e4fc22f50c80689541c2b3bf54e27ce2df7b79"
            "45426128f173064c9626a0f778131d46a4f6405628ae8d93fb5eaaac8d8109b61813cd6e862ce6262ba8"
            "c1fe5ec323188827877cebc9ce15e6cf106e6b854721e1f4ec83cec4591bebf85d1fb0e5c4fdb3dbf117"
            "54cd479b1ff60481172b62d9442564818725206c541c422160964b8f0414f09bcc1ffece91d3b882d731"
            "ee8f23934bb379650fd413b426cd27cdbcb144637a216a944a49782d452654599fd70fed0b279e1251b9"
            "e2d0a009f66fea00ec1707ac9f8ac2b05a1ce824ea6b1d1d7c338d4d0420fe7aa1ed6ae083752b4b4346"
            "0cfe26c5951491cd5a2071467491b8ce576e389a9c556b4cff6e76ed33a9be9e15cdb20ddf3576376f49"
            "4d39e9cb023dbfe3db98ff49d06803e5bb7b0890546b2bea2587601c08f42f7a659d3f49ebf277b12db9"
            "2ab8e0ad17b311a955c92b8fd162d0c4912bd07db57c8c4f925bcdaa780f15146fef01ab9e35563e2fbd"
            "aebc74766dc4a46e0f7194ff218a0748270d29e7b37413b12c4d62ca9a6564eac709c9638f984b7f791d"
            "4d2a0aa3752ab83726676d2b531574791ff148f352c901077086d45c3cde21b7c6b9d663967e8263ec35"
            "95e447890ee3bbd8775dfc4b692e912b082f6565514729aa6d42b4965016c8b6d57c8a3ee6a87acd2837"
            "c381005ce99954f7db890184b97421f21690d4355061d33043e942a354776e13e1799071a4792f0b93ba"
            "11eaa5470227916da23d1d0dc0a748b7ba89b83eae5a4f32db82418ac7318e9a829d8fcebbc50c8645a4"
            "b4ca9224489b8dad067f282ddc14cdfa92204048f5c549403cfc1a90ee3d237081be018c099f28284cdd"
            "19d8e5ec5a9b3924c7439a5c5cd6bb052aff7a396c43879ef9c3f8d0fd7164551924bc3db704c5926835"
            "91303e5f281c1211fb2387a9b34d827e1fb01823eb99a1c04dedcd52d9dc0092af751cdcedee65d549f3"
            "0f8b86d2376814207a7f12a485208440b1e333d07e253b4d40cf0a186d1f0d677ec60627ba1bdc71195a"
            "59573d801ca3f4e665b54ff370f83d5ea33966dc0f43002e48ef7ae8a6ffd9ef433d43dd08b57473ac83"
            "c4aef6181a0facd0e1a76850d8f9634c18f76ed876dc8223e3b1084c440d12ea9f4709924d2901d8bd7c"
            "f9038cbcfbc073bc33568151124f2b4bf4bc3308ad17bbf322f4031a9b2b4452ebaa3a56c064a738ab8e"
            "d6989751971856130c5adfc9c02bf37da983f5aad3bbb55d7a3100cf9a18971a10c38f49b4595d9d5c94"
            "3ada67234b9700b8e7b4b690feb3ea4056ea583dad0e5fefb337acacc399d3fe4da118977976247da08c"
            "4670f1ccdd68a3a0dfdfdf1a01d296ea2d8c2373453d7e7755b24cb2a97fe81d8e5e7ff922648d894683"
            "ef7463fa6016193b81349a6a9320d8b60dcf8781711cc72ade2cb21114e15c2b177528f07aafd75cfce3"
            "b6c4d2886e08b3e9c5b988a502d798a9622632bbf060601ccd012bb18896c122a66066b412fe60becc80"
            "5d721f795a0484eccd3342abf33bce10ac494279e4dd8ca609470491eec880d4632f5d70badb3a01ac29"
            "d3c06d252e2fb8a60604628ad2032fa129479ae9221aebf9b50e261820c51c5b8627033f499857e33ad1"
            "d110664d40b015a6b05974bb034b12447b5d8ec1a052592c4a7c0eeb59e700a88834bea9662c6bd970c3"
            "b0ed02be2729bb9c19386c104cd7ec175f6ee2b00904958bf29540f37e6a46da3b579d707b109a7775c4"
            "d51c28f90442551507f81f61c6d51106c7aa47314b29eed498c1024dd0f83065aee112c64e6243ee016b"
            "c0cf320547c8bef938f294778ffcf6eaa97b52f3047fe9a55ea88f4bdc368e793a31074a314d311cab88"
            "2b008ef853f0cb90071531d231d1df12f99e2aea91bc206a51a2504a5094c32746e119769aff4e63bd01"
            "817890a4d4706d43e1a3031195a778087d73d64e7c4df8744258b780f47769c274705814a272fab4aa54"
            "294140d98dda6d60e2e554e026aa3c8d756ade20b9bd6951e3cdfc619e2a119177262a62c06606abc298"
            "a823a739a0281d0a64f320fc7b8405f01be6a30c26dca683acb7537fc0a5ba2b3682703caa4f8f1dd948"
            "2887fbd3afc894e3ca2a9de3d5d06e20baefe7ac0a120c9e129cbd5f63586136da805fea7fc89339a96c"
            "8f909e2a242c89a4eb503aa2df28c0c08c721557",
    },
    {
        .algorithm = "ml-dsa-87",
        .source = "NIST ACVP ML-DSA keyGen FIPS204 tgId 3 tcId 51: key_seed = seed (xi), out = pk; "
                  "tests/vectors/pq/ML-DSA-keyGen-FIPS204.txt",
        .op = SM_OP_KEYGEN,
        .key_seed = "631afc2a36a57e1d090dadc2791d486d72c69a9aabf97990c573214846fe5b64",
        .out =
            "573449ae1772430db958dd78747f0aefc03f6ddedce592d5f4b517b38bcfcb90e6c1df44ce2ce4d3c6a5"
            "682d057dbdcfced3ea58ea125437f6b896a473ce4880ffbb97c2c0750d41d1b7c00e2106137dae49609d"
            "d630a23d5d498d546625f80e29a6b18b01de399fafc911eeac4a97761ec0197359a1e4b3930db17a6144"
            "bd7b2b3c93dd1f21a0562ce6c6d1128f6589498e6133f98164d544c888a1da5a5e266e7d1864fab25708"
            "ce6b607c11d52b0f582f6368bfd733259275b099bcb500fa62b5e366ce2093e89cd3effe8dd3cf2cd01a"
            "c8176ba2352333fbe044cf5fe09553a318f05f055b83c7239daf268c27fc85f6a41eb580570ba6c598a6"
            "4c3f0956ac91ee58814e3ee09f69718caecfe8c0bfa6cdece733b656d5eed9f39fd7ab9f0790964d7fc0"
            "e6fbf2a9781539875179ada3a8771288c957d478aa47e800768743b2cee8bd228dab02e049ec6432b9a2"
            "d21ab77fa313213ebd9c59e8591a480e7eb51b2237eb717f7b1de684e6fbb8ad78af5f032d752cc28b4b"
            "03a537156cad9d073b4f50ad8c869db0badc7dbafdec5d92ebfb00e2ba9c85327988d09ca90c2fdbb219"
            "e5a75f8578d7d4a2ad53a0e04b7d904f4c6939aa16435d14d61396d47cdb5f278fb87839b1ec857c9d81"
            "8b917ace3d3450bee9d0e51debdc64de38de70429bf7dfc0880817ba202840a3cb838d45373f553c5cd3"
            "0cd136c2d3f3837ff9114022a2da73048ca53799594f353ce5320f2e921b927627d7f6741bc95b036577"
            "53b64a9513328fe949cf19a0986a89bbeef409e9acdb73de81fea6482d31c05eede5011463f48b177534"
            "e035089fc98afb928989250c5521bd9bd877ee80f1e8a70776f951ddd29ed96851f14f873a54619958dc"
            "c35742f8bc27da8fce7f2ba4fcf2c1b7bde01daafde20b91c9c255d2afdc5d4e692ca92549c597e76d44"
            "07b2a02bcc9683f7e0a3edecbdfe4aa400cdaa92fcb10937ac4441116e67d0c7d734bacced4df8f49993"
            "5d84bd57f940fbe69229b0e169b50e30b40792645ad9a1a7b0e32ae4d295c7c6037e9abcd0d34942ee11"
            "6be75aca4d1e34ac92896f3f34bd9e7400787eae0da690b670e05aa33568cd9c348083fffeba872d8550"
            "28e20e2b0877df4c8311b1667f340e67580a680489d4a064d818d386f113bf515f0a9c953d3708d90bd3"
            "5930fc6d869ffbc43cc0f2ef8ed4effba778db0e926060cbb23ed4a37a1a253065a2dc3d06ea53ae2ab4"
            "2288c272abed849419cf1845dc3a5410da5f624e722976610e3f8f483920c46a41f1fe6483a6ea280c7c"
            "fbe41acf1612039cf148efc821c43d0d34753b8b5ec50fdd184b07c4bc9f49d1fac197855558d345172a"
            "f54c382d219f368e46ebfa8e3ab18162e708f186635ec445bbcf1f4f6c83ef6511f940bc2150651c5fa9"
            "5ac1f5da4ab96d331001bd9e0a1f41d47916a7e206ae8c140650da2a91bb7043edf2942923946352af35"
            "dd7267550f4cc78eb6ebfd79da1426326abc102557dbc40c004bd8eedeb543fa9783e020486816633185"
            "9aa9508c1f4e83fae9d7e02b305ac9c529217de124e59cf9d007e5a459a17a6f1e19b215560d49b26a17"
            "1a2ec082c220bf407bdb75ca962321b7865d73e8ea7070b73f93ed69a14d3cf35b111510ef6098a08a97"
            "45ea7980d99a44b4cbe10b126ca5c61f1cd0b4dd2cd3d51cb72a9cc34bc61d318e3ccc7d1c04511dfe86"
            "5c590cd952e07d26bd9162795ab5d5d44f59a388f9cf71aba85ac24cb6ebe570bd7dee2f1621dc509c4a"
            "269e6b4a9e66068d45e95a7ef9a394ccee13acf893a5adcf8112da077e3deadabc6b8acfbf598db0496d"
            "2a3d6c58723aea49b8267d1656d94437a0830e22e509b8159b1116c5ade2d1eb2601cb1399b3c6ae97a1"
            "5f932f7538a74e0050ecc615b0f4babb82f5834ae643a5f4834679c65e0c9674ee568553625ec79bced3"
            "3065c11d33d34928a604c061677d07bbf68457d07892c46c885ab7ccd2e52b8c5189c73f5567d2126a1b"
            "910ec93b4f1599ca1a4adae3c7846738106e2bbee5fa94ff46de342f8f029b4effd4065d522dcc2cf620"
            "5c053b33bd6f4f9a7864fb7fdf5284335f5e4299dfb181f9e572575f459bd1b28fe4e355580dd8d555a4"
            "511c5c35f96025bc935195ec7f6a5e0339f82b325098a244b93fde10ccc78a6dd1023416715081941999"
            "d613a5c9f9297ce8cc9abbfa2df69f353ad3e43ba5241877be25cd32824a121c504e8607c7897e5ccca0"
            "d9aefe682729cf4caa7907869cbaf240cbe28b3895608af01776b6df1c3fa28fdc54f8e0e631766f6a13"
            "274fcf167ea1a50811bb1485d8d0fd7316ec2a02d525ca6cb93889439b9a19b977b310054a872e0ae6ed"
            "0c4557a4ba2dafb6d68cc8057a447c38f88eccc53b81dae5e3d916242336af7bd3ff7450ca3d1937e1e7"
            "d2247467ebd530cc424ffdba445693781495bcd8994750542b940e3f2bfefbd3e5fd634be14f90178613"
            "84bd96b9d0f9baac99f6a611fb35167ae4f64b4e4c133f02af3a121023d6305a95475a04f102b057ebd7"
            "addcf8d06d0afc452af20d808533f41ae4bb0f05ff7d7132972238f071bb69f6e6af2c9935b88fedde5d"
            "53d7c74d7bc17b756f65964f647ecb4a3bc7e8bbdb60b12789e93847e54d433170e2cca3251946a570a6"
            "2cd0358e53ef51db256e1e2c997e0cd67b5eb68a1b6285cc1e23388d62c67d4149b5c1ad485f4cb0df47"
            "04a65a04e2b2f6cd494013cd27f0aad410a0211d465c22392f39c4fd38b620b4b40ff23234084afb9a54"
            "f85097a51e447336a57a29f216d15d61f34b7ec14108949cde4249e3c0c39de8a2c64841f8c450a9133a"
            "7ac73fc72c7863d25186699c1ab63103848722c258200398eae468522c3ba2e4b23b0326094a0977633a"
            "8709db1c572a041d1eba987c8422b0e2bb96a51e4dbfff7c308e4a4aac65b871fcca6cd7a4fbd273abf1"
            "312cd6c2a8c17579c2286c89aba36a0a7ca9fca60e8687ecb1a4b82ec41e35f7f55c5897e2381d73e5d5"
            "01f9c0dba77ea1c5d0b4ceefcdcc321ee2a3dacc0198e1fc32887df2ee117db6a45af2c4d265ef05f90b"
            "db4f83fc797018d8b76b21c7a7fbaf33ea0d5d9ca046eb8dcf9c0b7090c9cfbf53b938da83318f8d73ea"
            "e8323add404b0bb51907e1fab61adc7e330717f483b833db6932afbb1ee49c333b69499faa6fe38051ce"
            "f145514c5bfebd79a397f0781746acf120daace3714dcf67b09783e70347a22302953b77adba1cb64e06"
            "e640edb3243bf6d2b9787b5f9d2658f63f3681ea9876658eee107fbfbd2d70a70f3c9a597e95900d0dcb"
            "89f9f7596d0e523f0d904bd27a727561e4e899441daa86a723bf403fd15e87337d0d032d20d5b49ab96a"
            "39d5eec75cf45af7d396f09f5cd25186259bff1b67dcc33d8e056c95957b33cb033188750e28312b6041"
            "ad1743eaf823de565743197132ab925987fd4db14225537fef2d39efbba9d8ab6b5289cac6bc2a906c2f"
            "cf66f7bf3c71beae2bdceebb2791fd4302fac56630a235243da8f88ce77b88bec1ac37b93a71623d58df"
            "8c2074d7b2f68789dafaa714f5f8968642a1b58fb02c99b01f11650d807c1a6e39bbe7cf22b7640505a9"
            "b97a253c7a32fbfd2c1a6a600068cfa2b3ab7e9f3120d6533344c19cad82",
    },
    {
        .algorithm = "slh-dsa-sha2-128s",
        .source = "NIST ACVP SLH-DSA keyGen FIPS205 tgId 1 tcId 1: key_seed = skSeed || skPrf || "
                  "pkSeed, out = pk; tests/vectors/pq/SLH-DSA-keyGen-FIPS205.txt",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "aa9cc7dca491fc86bcb15a709a15e9b3905c800b6e2fb9b54b6b050ee5e4de9afa5464d1c661fed38b2a"
            "51ca3eae71ba",
        .out = "fa5464d1c661fed38b2a51ca3eae71bacae3d1865215e3d3850e8c1b8292bf42",
    },
    {
        .algorithm = "slh-dsa-sha2-128f",
        .source = "NIST ACVP SLH-DSA keyGen FIPS205 tgId 3 tcId 21: key_seed = skSeed || skPrf || "
                  "pkSeed, out = pk; tests/vectors/pq/SLH-DSA-keyGen-FIPS205.txt",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "e2bdaa37c8cffe5e8d5676c23267890c31441758f573285881cdc82ab911dd8472dc8d26df6ef708f4c4"
            "1af9fd04b65a",
        .out = "72dc8d26df6ef708f4c41af9fd04b65a8927927229891d47a60d67ecef3d2c17",
    },
    {
        .algorithm = "slh-dsa-shake-128f",
        .source = "NIST ACVP SLH-DSA keyGen FIPS205 tgId 4 tcId 31: key_seed = skSeed || skPrf || "
                  "pkSeed, out = pk; tests/vectors/pq/SLH-DSA-keyGen-FIPS205.txt",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "bbc74306f75dc2daf7372b3c9841a4d6852c17b459f1692b8e9a1a0dace5ba26380c99304a0ddd32f344"
            "b95144e1fdef",
        .out = "380c99304a0ddd32f344b95144e1fdef60bbc2340e08770fb41a80a76cb08e34",
    },
    /* keygen of the classical algorithms: a published private key and its public key. */
    {
        .algorithm = "ed25519",
        .source = "RFC 8032 section 7.1 TEST 2 (= line 2 of sign.input: sk||pk:pk:msg:sig||msg): "
                  "key_seed = the private key, out = its public key; "
                  "tests/vectors/asymmetric/Ed25519/sign.input",
        .op = SM_OP_KEYGEN,
        .key_seed = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        .out = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
    },
    {
        .algorithm = "ed448",
        .source = "RFC 8032 section 7.4 Ed448 test vector, COUNT = 1: key_seed = the private key, "
                  "out = its public key; tests/vectors/asymmetric/Ed448/rfc8032.txt",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3b"
            "c397a659949ef8021e954e0a12274e",
        .out =
            "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b843"
            "8ea4cb82169c235160627b4c3a9480",
    },
    {
        .algorithm = "ecdh-p256",
        .source =
            "NIST CAVS KAS ECC ZZOnly (dhStaticUnified, responder) [EC - SHA256] COUNT = 0, Result "
            "= P: priv = dsIUT, peer_pub = QsCAVS, out = Z: key_seed = the private key, out = its "
            "public key; "
            "tests/vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax",
        .op = SM_OP_KEYGEN,
        .key_seed = "d18944fa9c790c73f9ae0e1bf60d43c455566956b5129ab46d81717a79f4ac41",
        .out =
            "0430f856ecb153c43ce1d1bb4ed1c098235b06b7581739b7bb310ef54861eeb915687a181ab1b9147324"
            "554be8bac824915387bc9f54959defa053176aea3e42f7",
    },
    {
        .algorithm = "ecdh-p384",
        .source =
            "NIST CAVS KAS ECC ZZOnly (dhStaticUnified, responder) [ED - SHA384] COUNT = 0, Result "
            "= P: priv = dsIUT, peer_pub = QsCAVS, out = Z: key_seed = the private key, out = its "
            "public key; "
            "tests/vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "df17be65645873cb7c70c57b19fe3af1d2e3ab20f2d9a00a78dc1b8b39afaad6df4ff8c62f8d572cf148"
            "1ce1c7b3ee76",
        .out =
            "042ee198ef17823aa6046d3552d521530435ef255a14055798b793fcbc0c3b4fe71256fd7e30406d4188"
            "7d60c055da09af47a6bc509633b27e0da544f5318f2b81fa18e549383d4e5a5057382ce50461d5c2a1d0"
            "7e576aa95f9c60021296a6ce95",
    },
    {
        .algorithm = "x25519",
        .source = "RFC 7748 section 6.1: Alice's private key a -> her public key X25519(a, 9); "
                  "tests/vectors/rfc/rfc7748-section6.txt",
        .op = SM_OP_KEYGEN,
        .key_seed = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
        .out = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
    },
    {
        .algorithm = "x448",
        .source = "RFC 7748 section 6.2: Alice's private key a -> her public key X448(a, 5); "
                  "tests/vectors/rfc/rfc7748-section6.txt",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a94197448973910063"
            "82a6f127ab1d9ac2d8c0a598726b",
        .out =
            "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b"
            "12da88120d53177f80e532c41fa0",
    },
    {
        .algorithm = "ecdsa-p256",
        .source = "NIST CAVS ECDSA KeyPair [P-256] first pair: key_seed = d, out = 04 || Qx || Qy; "
                  "tests/vectors/asymmetric/ECDSA/FIPS_186-3/KeyPair.rsp",
        .op = SM_OP_KEYGEN,
        .key_seed = "c9806898a0334916c860748880a541f093b579a9b1f32934d86c363c39800357",
        .out =
            "04d0720dc691aa80096ba32fed1cb97c2b620690d06de0317b8618d5ce65eb728f9681b517b1cda17d0d"
            "83d335d9c4a8a9a9b0b1b3c7106d8f3c72bc5093dc275f",
    },
    {
        .algorithm = "ecdsa-p384",
        .source = "NIST CAVS ECDSA KeyPair [P-384] first pair: key_seed = d, out = 04 || Qx || Qy; "
                  "tests/vectors/asymmetric/ECDSA/FIPS_186-3/KeyPair.rsp",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "5394f7973ea868c52bf3ff8d8ceeb4db90a683653b12485d5f627c3ce5abd8978fc9673d14a71d925747"
            "931662493c37",
        .out =
            "04fd3c84e5689bed270e601b3d80f90d67a9ae451cce890f53e583229ad0e2ee645611fa9936dfa45306"
            "ec18066774aa24b83ca4126cfc4c4d1d18a4b6c21c7f699d5123dd9c24f66f833846eeb58296196b42ec"
            "06425db5b70a4b81b7fcf705a0",
    },
    {
        .algorithm = "ecdsa-p521",
        .source = "NIST CAVS ECDSA KeyPair [P-521] first pair: key_seed = d, out = 04 || Qx || Qy; "
                  "tests/vectors/asymmetric/ECDSA/FIPS_186-3/KeyPair.rsp",
        .op = SM_OP_KEYGEN,
        .key_seed =
            "0184258ea667ab99d09d4363b3f51384fc0acd2f3b66258ef31203ed30363fcda7661b6a817daaf83141"
            "5a1f21cb1cda3a74cc1865f2ef40f683c14174ea72803cff",
        .out =
            "04019ee818048f86ada6db866b7e49a9b535750c3673cb61bbfe5585c2df263860fe4d8aa8f7486aed5e"
            "a2a4d733e346eaefa87ac515c78b9a986ee861584926ce486001b6809c89c0aa7fb057a32acbb9ab4d7b"
            "06ba39dba8833b9b54424add2956e95fe48b7fbf60c3df5172bf386f2505f1e1bb2893da3b96d4f5ae78"
            "f2544881a238f7",
    },
    {.algorithm = NULL},
};
