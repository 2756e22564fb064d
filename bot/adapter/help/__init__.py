"""help"""
