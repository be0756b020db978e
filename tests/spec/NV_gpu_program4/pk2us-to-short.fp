!!NVfp4.0
SHORT TEMP h;
PK2US h, fragment.texcoord[0];
MOV result.color, h;
END
