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
/* FIPS 203 ML-KEM, FIPS 204 ML-DSA and FIPS 205 SLH-DSA: NIST ACVP keyGen, encapDecap,
 * sigGen and sigVer cases, written by runner/kat/pq_vectors.py from tests/vectors/pq/. */
#include "kat/pq_vectors.inc"
    {.algorithm = NULL},
};
