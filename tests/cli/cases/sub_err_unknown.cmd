subtraction --set cubes
