"""posting"""
