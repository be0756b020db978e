!!NVfp4.0
SHORT TEMP h;
PK4B h, fragment.texcoord[0];
MOV result.color, h;
END
