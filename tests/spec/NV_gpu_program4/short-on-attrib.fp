!!NVfp4.0
SHORT ATTRIB a = fragment.color;
END
