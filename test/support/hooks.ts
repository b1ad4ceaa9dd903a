/** Mocha root hooks shared by every test file. */
import 'reflect-metadata';
